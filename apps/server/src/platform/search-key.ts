/** Text folded for search and sort: lower case, accents removed, runs of spaces made one. */
export function foldForSearch(...parts: (string | null | undefined)[]): string {
  return parts
    .filter(Boolean)
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A LIKE pattern matching the folded term anywhere, with the term's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${foldForSearch(term).replace(/[\\%_]/g, '\\$&')}%`;
}

/** The words of the folded text (letters and digits), punctuation dropped: what word searches match. */
export function foldedWords(...parts: (string | null | undefined)[]): string[] {
  return foldForSearch(...parts)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}
