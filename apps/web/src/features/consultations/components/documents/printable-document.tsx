import type { TConsultation } from '@escriba/contract';
import { LetterheadPage } from '../anamnesis/letterhead-page';
import { useNoteLetterhead } from '../anamnesis/use-note-letterhead';
import { PrintSheet } from '../print-sheet';
import { documentSections, type KindAndContent } from './document-text';

/** The print sheet of one document (only one prints at a time: see printSheet). */
export const documentPrintId = (documentId: string) => `document-print-${documentId}`;

// Portaria 344/98 and RDC 471/2021: a controle especial or antimicrobial receita goes in two copies, one kept by the
// pharmacy.
const RETAINED_COPIES = ['1ª via — farmácia', '2ª via — paciente'];

interface PrintableDocumentProps {
  consultation: TConsultation;
  documentId: string;
  title: string;
  document: KindAndContent;
}

/** What "Imprimir" prints of a document: the letterhead, its sections, a line to sign; two copies when required. */
export function PrintableDocument({ consultation, documentId, title, document }: PrintableDocumentProps) {
  const letterhead = useNoteLetterhead(consultation);
  if (!letterhead) return null;
  const type = document.kind === 'receita' ? document.content.type : undefined;
  const copies = type === 'controle_especial' || type === 'antimicrobiano' ? RETAINED_COPIES : [undefined];
  return (
    <PrintSheet id={documentPrintId(documentId)}>
      {copies.map((copy, index) => (
        <div key={copy ?? 'single'} className={index > 0 ? 'break-before-page' : undefined}>
          <LetterheadPage title={title} subtitle={copy} letterhead={letterhead}>
            {documentSections(document).map((section, at) => (
              <section key={at} className="mb-4 break-inside-avoid">
                <h2 className="font-semibold">{section.title}</h2>
                {section.lines.map((line, number) => (
                  <p key={number} className="whitespace-pre-line">
                    {line}
                  </p>
                ))}
              </section>
            ))}
            <p className="mt-16 w-72 border-t border-black/60 pt-1 text-center text-[10pt]">Assinatura e carimbo</p>
          </LetterheadPage>
        </div>
      ))}
    </PrintSheet>
  );
}
