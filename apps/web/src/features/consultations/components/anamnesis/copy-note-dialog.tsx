import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { DialogShell } from '../../../../components/ui/dialog';
import { RadioGroup } from '../../../../components/ui/radio-group';
import { overlays, type OverlayProps } from '../../../../lib/overlays';
import { COPY_FORMAT_LABELS, noteCopy, type CopiedField, type CopyChoice, type CopyFormat } from './copy-formats';
import type { NoteLetterhead } from './note-letterhead';

type CopyNoteRequest = {
  letterhead: NoteLetterhead;
  fields: CopiedField[];
  choice: CopyChoice;
};

const FORMAT_OPTIONS = (Object.keys(COPY_FORMAT_LABELS) as CopyFormat[]).map((value) => ({
  value,
  label: COPY_FORMAT_LABELS[value],
}));

/** Chooses how the note is copied for the record, showing the text as it will be pasted. */
function CopyNoteDialog({ letterhead, fields, choice, close }: CopyNoteRequest & OverlayProps<CopyChoice | undefined>) {
  const [format, setFormat] = useState(choice.format);
  // Fields chosen before that this note has; the first time, every field.
  const kept = fields.filter((field) => choice.fieldIds.includes(field.fieldId)).map((field) => field.fieldId);
  const [fieldIds, setFieldIds] = useState(kept.length > 0 ? kept : fields.map((field) => field.fieldId));
  const chosen: CopyChoice = { format, fieldIds };
  const isEmpty = format === 'selected' && fieldIds.length === 0;
  const toggle = (fieldId: string, isChecked: boolean) =>
    setFieldIds((ids) => (isChecked ? [...ids, fieldId] : ids.filter((id) => id !== fieldId)));
  return (
    <DialogShell
      title="Copiar para o prontuário"
      description="Escolha o formato que o seu prontuário eletrônico recebe melhor. A escolha fica guardada neste navegador."
      size="lg"
      onClose={() => close(undefined)}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(undefined)}>
            Cancelar
          </Button>
          <Button disabled={isEmpty} onClick={() => close(chosen)}>
            Copiar
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <RadioGroup legend="Formato" name="copy-format" options={FORMAT_OPTIONS} value={format} onChange={setFormat} />
        {format === 'selected' && (
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-medium">Campos copiados</legend>
            {fields.map((field) => (
              <label key={field.fieldId} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={fieldIds.includes(field.fieldId)}
                  onChange={(event) => toggle(field.fieldId, event.target.checked)}
                />
                {field.title}
              </label>
            ))}
            {isEmpty && <p className="text-sm text-danger sm:col-span-2">Escolha ao menos um campo.</p>}
          </fieldset>
        )}
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-medium" id="copy-preview-title">
            Como o texto será colado
          </h3>
          <pre
            aria-labelledby="copy-preview-title"
            className="max-h-72 overflow-y-auto rounded-lg border border-line bg-subtle p-3 font-sans text-sm whitespace-pre-wrap"
          >
            {noteCopy(letterhead, fields, chosen).text}
          </pre>
        </div>
      </div>
    </DialogShell>
  );
}

overlays.register('copy-note', CopyNoteDialog);

/** The format she chose, or undefined when she closed the dialog. */
export function chooseNoteCopy(request: CopyNoteRequest): Promise<CopyChoice | undefined> {
  return overlays.open<CopyChoice | undefined>('copy-note', request);
}
