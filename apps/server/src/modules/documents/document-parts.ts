import type { TDocumentContent, TDocumentContents, TDocumentKind, TFieldSources } from '@escriba/contract';

/** A text of a document that says something clinical, with the path that names it and the sources it cites. */
export interface DocumentPart {
  /** Its path in the content: `purpose`, `items.0`, `warning_signs.2`, `sections.1`. */
  part: string;
  text: string;
  sources: TFieldSources;
}

const joined = (...texts: string[]) => texts.filter((text) => text.trim() !== '').join('; ');

/** A receita's line as one text: what, how much, how taken ("Amoxicilina 500 mg cápsula oral; 1 cápsula 8/8 h"). */
const prescriptionText = (item: TDocumentContents['receita']['items'][number]) =>
  joined(
    [item.medication, item.dose, item.form, item.route].filter(Boolean).join(' '),
    item.instructions,
    item.quantity,
  );

const PARTS: { [K in TDocumentKind]: (content: TDocumentContents[K]) => DocumentPart[] } = {
  receita: (content) =>
    content.items.map((item, index) => ({
      part: `items.${index}`,
      text: prescriptionText(item),
      sources: item.sources,
    })),
  atestado: (content) => [{ part: 'purpose', ...content.purpose }],
  exames: (content) => [
    ...content.items.map((item, index) => ({
      part: `items.${index}`,
      text: joined(item.exam, item.justification),
      sources: item.sources,
    })),
    { part: 'clinical_indication', ...content.clinical_indication },
  ],
  encaminhamento: (content) =>
    (['specialty', 'reason', 'clinical_summary', 'question'] as const).map((key) => ({ part: key, ...content[key] })),
  orientacoes: (content) => [
    ...content.what_to_do.map((paragraph, index) => ({ part: `what_to_do.${index}`, ...paragraph })),
    ...content.warning_signs.map((paragraph, index) => ({ part: `warning_signs.${index}`, ...paragraph })),
    { part: 'when_to_return', ...content.when_to_return },
  ],
  relatorio: (content) =>
    content.sections.map((section, index) => ({
      part: `sections.${index}`,
      text: section.text,
      sources: section.sources,
    })),
};

/**
 * The texts of a document's content that are checked sentence by sentence, each with its sources; empty ones left
 * out. An atestado's days and dates are not among them: they are her request's, or a number beside its sources.
 */
export function documentParts(kind: TDocumentKind, content: TDocumentContent): DocumentPart[] {
  const parts = (PARTS[kind] as (content: TDocumentContent) => DocumentPart[])(content);
  return parts.filter((part) => part.text.trim() !== '');
}
