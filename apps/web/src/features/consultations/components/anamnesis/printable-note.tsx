import type { TConsultation } from '@escriba/contract';
import { createPortal } from 'react-dom';
import { fieldPlainText } from './plain-text';
import { useNoteLetterhead } from './use-note-letterhead';

interface PrintableNoteProps {
  consultation: TConsultation;
  templateName: string;
  fields: { fieldId: string; title: string; text: string }[];
}

const PRINT_ID = 'anamnesis-print';

/**
 * What "Imprimir / salvar PDF" prints: who wrote the note and for whom, the note, and the line on the AI's part.
 * Kept out of the page (a child of body, hidden on screen) so the print stylesheet can hide everything else.
 */
export function PrintableNote({ consultation, templateName, fields }: PrintableNoteProps) {
  const letterhead = useNoteLetterhead(consultation);
  if (!letterhead) return null;
  return createPortal(
    <article id={PRINT_ID} className="hidden text-[11pt] leading-normal text-black print:block">
      <style>{`@media print { body > *:not(#${PRINT_ID}) { display: none !important; } @page { margin: 18mm; } }`}</style>
      <header className="mb-6 border-b border-black/40 pb-3">
        <h1 className="text-[16pt] font-semibold">Anamnese</h1>
        <p className="mb-2 text-[10pt]">{templateName}</p>
        {letterhead.rows.map((row) => (
          <p key={row.label}>
            <strong className="font-semibold">{row.label}:</strong> {row.value}
          </p>
        ))}
      </header>
      {fields.map((field) => (
        <section key={field.fieldId} className="mb-4 break-inside-avoid">
          <h2 className="font-semibold">{field.title}</h2>
          <p className="whitespace-pre-line">{fieldPlainText(field) || 'Não informado'}</p>
        </section>
      ))}
      <footer className="mt-6 break-inside-avoid border-t border-black/40 pt-3 text-[10pt] italic">
        {letterhead.aiDisclosure}
      </footer>
    </article>,
    document.body,
  );
}
