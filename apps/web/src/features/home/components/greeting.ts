import { nameWords } from '../../../lib/name-words';

/** The first word of the name that is not a title: "Dra. Ana Souza" → "Ana". */
export function greetingName(name: string): string {
  return nameWords(name)[0] ?? '';
}

export function greetingFor(hour: number): string {
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}
