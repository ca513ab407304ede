import { USER_CONTEXT_MAX_LENGTH } from '@escriba/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { TextareaField } from '../../../components/ui/textarea-field';
import { cn } from '../../../lib/cn';
import type { SaveState } from './autosave';
import { useUserContextAutosave } from './use-user-context-autosave';

const count = new Intl.NumberFormat('pt-BR');

const STATES = {
  saved: { icon: 'cloud-check', text: 'Salvo', className: 'text-success' },
  saving: { icon: 'cloud-upload', text: 'Salvando…', className: 'text-muted' },
  error: { icon: 'cloud-alert', text: 'Não salvo', className: 'text-danger' },
} as const satisfies Record<SaveState, object>;

/** Free text the professional adds for the assistant (spec §3 user_context), saved as they type. */
export function UserContextEditor({ consultationId, serverText }: { consultationId: string; serverText: string }) {
  const { text, change, state, error, retry } = useUserContextAutosave(consultationId, serverText);
  const shown = STATES[state];

  return (
    <Card aria-labelledby="user-context-title" className="flex flex-col">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="user-context-title" className="text-lg font-semibold">
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
        rows={6}
        value={text}
        maxLength={USER_CONTEXT_MAX_LENGTH}
        placeholder="Ex.: PA 138/88 mmHg, exame neurológico normal. Investigar uso excessivo de analgésicos."
        onChange={(event) => change(event.target.value)}
        hint={`${count.format(text.length)} de ${count.format(USER_CONTEXT_MAX_LENGTH)} caracteres. Salvo automaticamente.`}
      />
      {state === 'error' && (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-danger/5 px-3 py-2 text-sm text-danger">
          <span className="min-w-0 flex-1">
            {error} O texto continua guardado neste navegador e será enviado de novo.
          </span>
          <Button variant="secondary" size="sm" onClick={retry}>
            Tentar de novo
          </Button>
        </div>
      )}
    </Card>
  );
}
