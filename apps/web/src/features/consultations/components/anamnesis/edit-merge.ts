type FieldTexts = { field_id: string; text: string }[];

/** The professional's unsaved texts after a 409, laid over the newer note another tab saved. */
export interface RebasedEdits {
  /** Fields the newer note left as they were: the edit carries over, still open, onto the newer version. */
  drafts: Record<string, string>;
  /** Fields the newer note changed too: the newer text is shown, the professional's is kept aside as a copy. */
  copies: Record<string, string>;
}

/** Nothing typed is lost: each edit either carries over to the newer note or is kept as a copy beside it. */
export function rebaseEdits(base: FieldTexts, newer: FieldTexts, drafts: Record<string, string>): RebasedEdits {
  const textOf = (fields: FieldTexts, id: string) => fields.find((field) => field.field_id === id)?.text;
  const rebased: RebasedEdits = { drafts: {}, copies: {} };
  for (const [fieldId, draft] of Object.entries(drafts)) {
    const newerText = textOf(newer, fieldId);
    if (newerText === draft) continue;
    if (newerText !== undefined && newerText === textOf(base, fieldId)) rebased.drafts[fieldId] = draft;
    else rebased.copies[fieldId] = draft;
  }
  return rebased;
}

/** The drafts that differ from the note they were opened on: what a save sends. */
export function changedDrafts(note: FieldTexts, drafts: Record<string, string>): FieldTexts {
  return Object.entries(drafts)
    .filter(([fieldId, text]) => note.find((field) => field.field_id === fieldId)?.text !== text)
    .map(([fieldId, text]) => ({ field_id: fieldId, text }));
}
