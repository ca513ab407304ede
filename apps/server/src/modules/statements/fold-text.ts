/** Lower case without accents ("Não" → "nao", "°C" kept): what the check compares, so spelling details never count. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The words of a folded text, with where each starts (letters only; digits and punctuation separate them). */
export function wordsOf(folded: string): { word: string; index: number }[] {
  return [...folded.matchAll(/[a-z]+/g)].map((match) => ({ word: match[0], index: match.index }));
}
