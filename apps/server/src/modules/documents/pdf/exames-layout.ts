import { DOCUMENT_KIND_TITLES, type TDocumentContents } from '@escriba/contract';
import type { DocumentLayout } from './document-layout';

/** A solicitação de exames: the exams numbered, each with its justification when given, then the clinical indication. */
export function examesLayout({ items, clinical_indication }: TDocumentContents['exames']): DocumentLayout {
  return {
    title: DOCUMENT_KIND_TITLES.exames,
    write(body) {
      items
        .filter((item) => item.exam.trim())
        .forEach((item, index) => {
          const justification = item.justification.trim();
          body.item(index + 1, item.exam.trim(), justification ? [`Justificativa: ${justification}`] : []);
        });
      const indication = clinical_indication.text.trim();
      if (indication) {
        body.heading('Indicação clínica');
        body.paragraph(indication);
      }
    },
  };
}
