import { nameWords } from './name-words';

/** Spec §5: avatar initials are at most 2 characters — first and last word of the name, titles skipped. */
export function getInitials(name: string): string {
  const words = nameWords(name);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase().slice(0, 2);
}
