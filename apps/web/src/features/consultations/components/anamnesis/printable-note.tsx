import { createPortal } from 'react-dom';
import { formatDateTime } from '../../../../lib/format';
import { fieldPlainText } from './plain-text';

interface PrintableNoteProps {
  patientName: string;
  /** When the consultation took place (its creation). */
  consultationDate: string;
  templateName: string;
  fields: { fieldId: string; title: string; text: string }[];
}

const PRINT_ID = 'anamnesis-print';

/**
 * What "Imprimir / salvar PDF" prints: the note alone, with the patient's name and the date. Kept out of
 * the page (a child of body, hidden on screen) so the print stylesheet can hide everything else.
 */
export function PrintableNote({ patientName, consultationDate, templateName, fields }: PrintableNoteProps) {
  return createPortal(
    <article id={PRINT_ID} className="hidden text-[12pt] leading-normal text-black print:block">
      <style>{`@media print { body > *:not(#${PRINT_ID}) { display: none !important; } @page { margin: 18mm; } }`}</style>
      <header className="mb-6 border-b border-black/30 pb-3">
        <h1 className="text-[16pt] font-semibold">Anamnese · {patientName}</h1>
        <p>
          Consulta de {formatDateTime(consultationDate)} · {templateName}
        </p>
      </header>
      {fields.map((field) => (
        <section key={field.fieldId} className="mb-4 break-inside-avoid">
          <h2 className="font-semibold">{field.title}</h2>
          <p className="whitespace-pre-line">{fieldPlainText(field) || 'Não informado'}</p>
        </section>
      ))}
    </article>,
    document.body,
  );
}
