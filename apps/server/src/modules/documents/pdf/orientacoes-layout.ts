import { DOCUMENT_KIND_TITLES, type TDocumentContents } from '@escriba/contract';
import type { DocumentLayout } from './document-layout';

/** Orientações for the patient under plain headings: what to do, warning signs, when to come back. */
export function orientacoesLayout(content: TDocumentContents['orientacoes']): DocumentLayout {
  return {
    title: DOCUMENT_KIND_TITLES.orientacoes,
    write(body) {
      for (const [heading, entries] of [
        ['O que fazer', content.what_to_do],
        ['Sinais de alerta: procure atendimento', content.warning_signs],
      ] as const) {
        const texts = entries.map((entry) => entry.text.trim()).filter(Boolean);
        if (texts.length === 0) continue;
        body.heading(heading);
        for (const text of texts) body.bullet(text);
      }
      const comeBack = content.when_to_return.text.trim();
      if (comeBack) {
        body.heading('Quando voltar');
        body.paragraph(comeBack);
      }
    },
  };
}
