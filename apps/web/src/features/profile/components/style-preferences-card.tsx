import { STYLE_LEARNING_EDITS, STYLE_PREFERENCES_MAX_ITEMS, type TStylePreferences } from '@escriba/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { Switch } from '../../../components/ui/switch';
import { readApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { toasts } from '../../../lib/toast-store';
import { useUpdateStylePreferences } from '../api/update-style-preferences';
import { StylePreferenceForm } from './style-preference-form';

const showError = (error: unknown) =>
  toasts.add({ title: 'Não foi possível salvar', description: readApiError(error).message, color: 'error' });

/** "Preferências de redação": what the assistant learned from her edits, hers to change, and whether it is used. */
export function StylePreferencesCard({ preferences }: { preferences: TStylePreferences }) {
  const update = useUpdateStylePreferences();
  // The index of the preference being rewritten.
  const [editing, setEditing] = useState<number | null>(null);
  const { items, enabled, learned_at: learnedAt } = preferences;
  const isFull = items.length >= STYLE_PREFERENCES_MAX_ITEMS;

  const save = (
    next: string[],
    saved: string,
    callbacks: { onError?: (error: unknown) => void; onSaved?: () => void } = {},
  ) =>
    update.mutate(
      { items: next, enabled },
      {
        onSuccess: () => {
          toasts.add({ title: saved, color: 'success' });
          callbacks.onSaved?.();
        },
        onError: callbacks.onError ?? showError,
      },
    );

  return (
    <Card aria-labelledby="style-preferences-title">
      <CardHeader
        id="style-preferences-title"
        title="Preferências de redação"
        description="Aprendidas com as suas edições dos textos do assistente e seguidas nas próximas anamneses. Edite, remova ou escreva as suas."
        actions={
          <Switch
            label="Usar as preferências de redação nas gerações"
            isOn={enabled}
            isPending={update.isPending && update.variables.enabled !== enabled}
            stateLabels={{ on: 'Em uso', off: 'Desligadas' }}
            onChange={(isOn) =>
              update.mutate(
                { items, enabled: isOn },
                {
                  onSuccess: () =>
                    toasts.add({
                      title: isOn ? 'Preferências de redação em uso' : 'Preferências de redação desligadas',
                      color: 'success',
                    }),
                  onError: showError,
                },
              )
            }
          />
        }
      />
      <p className="mb-4 text-sm text-muted" data-testid="style-learned">
        {learnedAt
          ? `Aprendidas pela última vez em ${formatDate(learnedAt)}. A lista é revista a cada ${STYLE_LEARNING_EDITS} novas edições suas.`
          : `Ainda não aprendidas: depois de ${STYLE_LEARNING_EDITS} edições suas dos textos do assistente, o Escriba propõe esta lista.`}
      </p>
      {!enabled && (
        <Alert tone="info" className="mb-4">
          Desligadas: as próximas anamneses não seguem estas preferências, e nada novo é aprendido até você ligá-las de
          novo.
        </Alert>
      )}
      {items.length > 0 ? (
        <ul className="mb-4 flex flex-col gap-2" aria-label="Preferências de redação">
          {items.map((item, index) =>
            editing === index ? (
              <li key={item}>
                <StylePreferenceForm
                  label="Preferência"
                  initial={item}
                  submitLabel="Salvar"
                  isPending={update.isPending}
                  onCancel={() => setEditing(null)}
                  onSubmit={(text, { onError }) =>
                    save(
                      items.map((each, at) => (at === index ? text : each)),
                      'Preferência salva',
                      { onError, onSaved: () => setEditing(null) },
                    )
                  }
                />
              </li>
            ) : (
              <li key={item} className="flex flex-wrap items-center gap-2 rounded-xl border border-line px-4 py-2.5">
                <Icon name="notebook-pen" className="size-4 text-accent-600" />
                <span data-testid="style-preference" className="min-w-0 flex-1 break-words">
                  {item}
                </span>
                <div className="flex gap-1">
                  <Button variant="ghost" size="sm" onClick={() => setEditing(index)} aria-label={`Editar "${item}"`}>
                    <Icon name="pencil" className="size-4" /> Editar
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-danger"
                    disabled={update.isPending}
                    onClick={() =>
                      save(
                        items.filter((_, at) => at !== index),
                        'Preferência removida',
                      )
                    }
                    aria-label={`Remover "${item}"`}
                  >
                    <Icon name="x" className="size-4" /> Remover
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      ) : (
        <p className="mb-4 text-muted">Nenhuma preferência ainda.</p>
      )}
      {isFull ? (
        <p className="text-sm text-muted">
          Limite de {STYLE_PREFERENCES_MAX_ITEMS} preferências: remova uma para escrever outra.
        </p>
      ) : (
        <StylePreferenceForm
          label="Nova preferência"
          submitLabel="Adicionar"
          isPending={update.isPending && editing === null}
          onSubmit={(text, callbacks) => save([...items, text], 'Preferência adicionada', callbacks)}
        />
      )}
    </Card>
  );
}
