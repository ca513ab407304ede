/** The part of a text field a paste replaces: its value and the selection the paste lands on. */
export interface PasteTarget {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

/**
 * How many characters of a paste a field of `maxLength` leaves out: the browser keeps what fits and
 * drops the end without a word, so the professional is told.
 */
export function charactersCutFromPaste(target: PasteTarget, pasted: string, maxLength: number): number {
  const kept = target.value.length - (target.selectionEnd - target.selectionStart);
  return Math.max(0, kept + pasted.length - maxLength);
}
