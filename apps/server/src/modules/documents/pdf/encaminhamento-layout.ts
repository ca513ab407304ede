import { DOCUMENT_KIND_TITLES, type TDocumentContents } from '@escriba/contract';
import type { DocumentLayout } from './document-layout';

/** An encaminhamento: to whom, why, the clinical summary and what is asked of the specialist. */
export function encaminhamentoLayout(content: TDocumentContents['encaminhamento']): DocumentLayout {
  return {
    title: DOCUMENT_KIND_TITLES.encaminhamento,
    write(body) {
      const specialty = content.specialty.text.trim();
      if (specialty) body.heading(`Ao(À) especialista em ${specialty}`);
      for (const [heading, { text }] of [
        ['Motivo do encaminhamento', content.reason],
        ['Resumo clínico', content.clinical_summary],
        ['Solicitação ao especialista', content.question],
      ] as const) {
        if (!text.trim()) continue;
        body.heading(heading);
        body.paragraph(text.trim());
      }
    },
  };
}
