import { USER_CONTEXT_MAX_LENGTH } from '@escriba/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { TextareaField } from '../../../components/ui/textarea-field';
import { cn } from '../../../lib/cn';
import type { SaveState } from './autosave';
import { charactersCutFromPaste } from './paste-overflow';
import { useUserContextAutosave } from './use-user-context-autosave';

const count = new Intl.NumberFormat('pt-BR');

const STATES = {
  saved: { icon: 'cloud-check', text: 'Salvo', className: 'text-success' },
  saving: { icon: 'cloud-upload', text: 'Salvando…', className: 'text-muted' },
  error: { icon: 'cloud-alert', text: 'Não salvo', className: 'text-danger' },
  conflict: { icon: 'cloud-alert', text: 'Não salvo: há uma versão mais nova', className: 'text-warning' },
} as const satisfies Record<SaveState | 'conflict', object>;

interface UserContextEditorProps {
  consultationId: string;
  serverText: string;
  /** A concluded consultation: the text is shown, not edited, until it is reopened. */
  isReadOnly: boolean;
}

/** Free text the professional adds for the assistant (spec §3 user_context), saved as they type; a pane of the consultation. */
export function UserContextEditor({ consultationId, serverText, isReadOnly }: UserContextEditorProps) {
  const { text, change, state, error, retry, newerText, keepMine, takeTheirs } = useUserContextAutosave(
    consultationId,
    serverText,
  );
  const shown = STATES[newerText === undefined ? state : 'conflict'];
  // Characters of the last paste the limit left out; told until the text is below the limit again.
  const [cutFromPaste, setCutFromPaste] = useState(0);

  return (
    <div className="flex flex-col">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="flex items-center gap-2 text-base font-semibold">
            <Icon name="message-square-text" className="size-5 text-accent-600" />
            Contexto do profissional
          </h2>
          <p className="mt-1 text-sm text-muted">
            Anotações para o assistente: hipóteses, exame físico, o que não foi dito em voz alta.
          </p>
        </div>
        <p
          role="status"
          data-testid="save-state"
          className={cn('flex items-center gap-1.5 text-sm font-medium', shown.className)}
        >
          <Icon name={shown.icon} className="size-4" />
          {shown.text}
        </p>
      </div>
      <TextareaField
        label="Contexto"
        className="[&_label]:sr-only"
        rows={8}
        value={text}
        readOnly={isReadOnly}
        maxLength={USER_CONTEXT_MAX_LENGTH}
        placeholder="Ex.: PA 138/88 mmHg, exame neurológico normal. Investigar uso excessivo de analgésicos."
        onPaste={(event) =>
          setCutFromPaste(
            charactersCutFromPaste(event.currentTarget, event.clipboardData.getData('text'), USER_CONTEXT_MAX_LENGTH),
          )
        }
        onChange={(event) => {
          if (event.target.value.length < USER_CONTEXT_MAX_LENGTH) setCutFromPaste(0);
          change(event.target.value);
        }}
        hint={
          isReadOnly
            ? 'Consulta concluída: reabra-a pelo menu de status para editar.'
            : `${count.format(text.length)} de ${count.format(USER_CONTEXT_MAX_LENGTH)} caracteres. Salvo automaticamente.`
        }
      />
      {cutFromPaste > 0 && (
        <Alert tone="warning" className="mt-3">
          O texto colado passou do limite de {count.format(USER_CONTEXT_MAX_LENGTH)} caracteres: os últimos{' '}
          {count.format(cutFromPaste)} caracteres colados ficaram de fora. Resuma o texto ou cole só o essencial.
        </Alert>
      )}
      {newerText !== undefined && (
        <NewerTextChoice newerText={newerText} onKeepMine={keepMine} onTakeTheirs={takeTheirs} />
      )}
      {state === 'error' && newerText === undefined && (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-danger/5 px-3 py-2 text-sm text-danger">
          <span className="min-w-0 flex-1">
            {error} O texto continua guardado neste navegador e será enviado de novo.
          </span>
          <Button variant="secondary" size="sm" onClick={retry}>
            Tentar de novo
          </Button>
        </div>
      )}
    </div>
  );
}

interface NewerTextChoiceProps {
  newerText: string;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/** Another tab or device saved first: both texts in view, and the professional decides which stays. */
function NewerTextChoice({ newerText, onKeepMine, onTakeTheirs }: NewerTextChoiceProps) {
  return (
    <section
      aria-labelledby="newer-text-title"
      className="mt-3 flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning/5 p-3 text-sm"
    >
      <div>
        <h3 id="newer-text-title" className="font-semibold text-warning">
          Este contexto foi alterado em outra aba ou aparelho
        </h3>
        <p className="mt-1 text-ink">
          O texto acima é o seu e ainda não foi salvo. Compare com a versão salva e escolha qual fica.
        </p>
      </div>
      <p className="-mb-2 text-xs font-medium tracking-wide text-muted uppercase">Versão salva</p>
      <blockquote
        data-testid="newer-text"
        className="max-h-48 overflow-y-auto rounded-md border border-line bg-surface px-3 py-2 whitespace-pre-wrap text-ink"
      >
        {newerText || <span className="text-muted italic">(texto vazio)</span>}
      </blockquote>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onTakeTheirs}>
          Usar a versão salva
        </Button>
        <Button size="sm" onClick={onKeepMine}>
          Manter o meu texto
        </Button>
      </div>
    </section>
  );
}
