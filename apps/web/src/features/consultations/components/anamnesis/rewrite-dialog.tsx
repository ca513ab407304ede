import { INSTRUCTION_MAX_LENGTH } from '@escriba/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { DialogShell } from '../../../../components/ui/dialog';
import { TextareaField } from '../../../../components/ui/textarea-field';
import { overlays, type OverlayProps } from '../../../../lib/overlays';
import { focusOnMount } from '../../../../lib/focus-on-mount';

const SUGGESTIONS = ['Mais conciso', 'Em linguagem para o paciente', 'Acrescente a posologia citada'];

function RewriteDialog({ title, close }: { title: string } & OverlayProps<string | undefined>) {
  const [instruction, setInstruction] = useState('');
  const trimmed = instruction.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) close(trimmed);
  };
  return (
    <DialogShell
      title={`Reescrever "${title}"`}
      description="O assistente reescreve só este campo, com as mesmas fontes. A versão atual fica no histórico."
      onClose={() => close(undefined)}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(undefined)}>
            Cancelar
          </Button>
          <Button type="submit" form="rewrite-form" disabled={!trimmed}>
            Reescrever · 1 crédito
          </Button>
        </>
      }
    >
      <form id="rewrite-form" onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium">Sugestões</span>
          <div className="flex flex-wrap gap-2">
            {SUGGESTIONS.map((suggestion) => (
              <button
                key={suggestion}
                type="button"
                onClick={() => setInstruction(suggestion)}
                aria-pressed={instruction === suggestion}
                className="rounded-full border border-line px-3 py-1 text-sm hover:bg-subtle aria-pressed:border-accent-500 aria-pressed:bg-accent-50 aria-pressed:text-accent-ink dark:aria-pressed:bg-accent-500/15"
              >
                {suggestion}
              </button>
            ))}
          </div>
        </div>
        <TextareaField
          label="Instrução"
          hint="Escolha uma sugestão ou escreva o que mudar, por exemplo: “cite a dose de cada remédio”."
          value={instruction}
          maxLength={INSTRUCTION_MAX_LENGTH}
          rows={3}
          onChange={(event) => setInstruction(event.target.value)}
          ref={focusOnMount}
        />
      </form>
    </DialogShell>
  );
}

overlays.register('anamnesis-rewrite', RewriteDialog);

/** Asks how to rewrite a field; undefined when the professional gives up. */
export function askRewriteInstruction(title: string): Promise<string | undefined> {
  return overlays.open<string | undefined>('anamnesis-rewrite', { title });
}
