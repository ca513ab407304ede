import type { TConsultation } from '@escriba/contract';
import { PrintSheet } from '../print-sheet';
import { fieldPlainText } from './plain-text';
import { useNoteLetterhead } from './use-note-letterhead';
import { LetterheadPage } from './letterhead-page';

interface PrintableNoteProps {
  consultation: TConsultation;
  templateName: string;
  fields: { fieldId: string; title: string; text: string }[];
}

export const NOTE_PRINT_ID = 'anamnesis-print';

/** What "Imprimir / salvar PDF" prints (and Ctrl+P): who wrote the note and for whom, the note, and the AI line. */
export function PrintableNote({ consultation, templateName, fields }: PrintableNoteProps) {
  const letterhead = useNoteLetterhead(consultation);
  if (!letterhead) return null;
  return (
    <PrintSheet id={NOTE_PRINT_ID} isDefault>
      <LetterheadPage title="Anamnese" subtitle={templateName} letterhead={letterhead}>
        {fields.map((field) => (
          <section key={field.fieldId} className="mb-4 break-inside-avoid">
            <h2 className="font-semibold">{field.title}</h2>
            <p className="whitespace-pre-line">{fieldPlainText(field) || 'Não informado'}</p>
          </section>
        ))}
      </LetterheadPage>
    </PrintSheet>
  );
}
