// Titles people put before their name at sign-up; "Boa tarde, Dra.!" greets no one.
const TITLE = /^(dra?|dr\(a\)|profa?|prof\(a\)|sra?|enfa?|fisio|psic|nutri|me|ma)\.?$/i;

/** The first word of the name that is not a title: "Dra. Ana Souza" → "Ana". */
export function greetingName(name: string): string {
  const words = name.trim().split(/\s+/);
  return words.find((word) => !TITLE.test(word)) ?? '';
}

export function greetingFor(hour: number): string {
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}
