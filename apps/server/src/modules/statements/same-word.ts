// Endings a Portuguese word takes in number, gender and the verb's person and tense, on folded text.
const ENDINGS = new Set(
  ['', 's', 'a', 'o', 'e', 'i', 'u', 'as', 'os', 'es', 'eu', 'ou', 'iu', 'ia', 'am', 'em', 'ei', 'ao', 'oes', 'aes']
    // An adjective of a noun: "alergica" of "alergia".
    .concat(['ca', 'co', 'cas', 'cos']),
);

/**
 * The same word in another form ("vomito", "vomitos"; "perda", "perdeu"; "alergica", "alergia" share a stem and
 * differ only by an ending), while words that merely start alike ("cabeca", "cabelo"; "febre", "febril") do not.
 */
export function isSameWord(a: string, b: string): boolean {
  if (a === b) return true;
  let common = 0;
  while (common < a.length && a[common] === b[common]) common += 1;
  if (common < 4) return false;
  const endings = [a.slice(common), b.slice(common)];
  return endings.every((ending) => ENDINGS.has(ending));
}
