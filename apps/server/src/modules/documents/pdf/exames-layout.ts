import { DOCUMENT_KIND_TITLES, type TDocumentContents } from '@escriba/contract';
import type { DocumentLayout } from './document-layout';

/**
 * A solicitação de exames: the exams numbered, each with its justification when given, then the clinical indication
 * and the confirmed CID-10 codes.
 */
export function examesLayout({ items, clinical_indication, cids }: TDocumentContents['exames']): DocumentLayout {
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
      if (cids.length > 0) {
        body.heading('CID-10');
        body.paragraph(cids.map(({ code, description }) => `${code} – ${description}`).join('\n'));
      }
    },
  };
}
