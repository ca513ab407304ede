// Titles people put before their name at sign-up: "Boa tarde, Dra.!" greets no one, and "DT" is no one's initials.
const TITLE = /^(dra?|dr\(a\)|profa?|prof\(a\)|sra?|enfa?|fisio|psic|nutri|me|ma)\.?$/i;

/** The words of a person's name without the titles before it: "Dra. Ana Souza" → ["Ana", "Souza"]. */
export function nameWords(name: string): string[] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words.findIndex((word) => !TITLE.test(word));
  return first === -1 ? [] : words.slice(first);
}
