import type { TDocumentContents, TDocumentKind, TDocumentText, TFieldSources } from '@escriba/contract';

/** What each kind's layout gets: the content so far (properties arrive one by one while it is written). */
export interface KindBodyProps<K extends TDocumentKind> {
  documentId: string;
  content: Partial<TDocumentContents[K]>;
  /** While editing the content is whole, and every change hands the whole content on. */
  isEditing: boolean;
  onChange: (content: TDocumentContents[K]) => void;
}

/** Sets one property of a content being edited (whole while editing). */
export function propertySetter<C>(content: Partial<C>, onChange: (content: C) => void) {
  return <P extends keyof C>(key: P, value: C[P]) => onChange({ ...content, [key]: value } as C);
}

/** A part the professional adds cites nothing: only what the consultation said has sources. */
export const NO_SOURCES: TFieldSources = { transcript: [], evidence: [], user_context: false };

export const emptyParagraph = (): TDocumentText => ({ text: '', sources: NO_SOURCES });
