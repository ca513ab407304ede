import { DOCUMENT_KIND_TITLES, type TDocumentContents } from '@escriba/contract';
import type { DocumentLayout } from './document-layout';

/** A relatório médico: its sections in order, each under its title; an empty section is left out. */
export function relatorioLayout({ sections }: TDocumentContents['relatorio']): DocumentLayout {
  return {
    title: DOCUMENT_KIND_TITLES.relatorio,
    write(body) {
      for (const section of sections) {
        if (!section.text.trim()) continue;
        if (section.title.trim()) body.heading(section.title.trim());
        body.paragraph(section.text.trim());
      }
    },
  };
}
