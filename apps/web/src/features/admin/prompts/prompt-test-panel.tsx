import type { TAdminPrompt } from '@escriba/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { SelectField } from '../../../components/ui/select-field';
import { readApiError } from '../../../lib/api-error';
import { usePersonas } from '../personas/api/personas-api';
import { useAdminTemplates, useTestPrompt } from './api/test-prompt';
import { describeTestFailure } from './prompt-labels';
import { TestResult } from './test-result';

/**
 * "Testar": an anamnesis prompt, a persona and a template run on the built-in sample consultation. Each choice
 * starts at what the generator uses (the active prompt, the default persona, the first published template).
 */
export function PromptTestPanel({ prompts }: { prompts: TAdminPrompt[] }) {
  const personas = usePersonas();
  const templates = useAdminTemplates();
  const run = useTestPrompt();
  const [chosen, setChosen] = useState<{ prompt?: string; persona?: string; template?: string }>({});
  const anamnesisPrompts = prompts.filter((prompt) => prompt.purpose === 'anamnesis');
  // A choice that was since deleted falls back to the default.
  const promptId = pick(anamnesisPrompts, chosen.prompt, (prompt) => prompt.active);
  const personaId = pick(personas.data, chosen.persona, (persona) => persona.is_default);
  const templateId = pick(templates.data, chosen.template, (template) => template.published);
  const loadError = personas.error ?? templates.error;
  const failure = run.isError ? describeTestFailure(run.error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (promptId && personaId && templateId) {
      run.mutate({ prompt_id: promptId, persona_id: personaId, template_id: templateId });
    }
  };

  return (
    <Card aria-labelledby="prompt-test">
      <CardHeader
        id="prompt-test"
        title="Testar"
        description="Escreve a anamnese de uma consulta de exemplo fictícia com o prompt, a persona e o modelo escolhidos. Nada é guardado e nenhum crédito é gasto."
      />
      {loadError && <Alert tone="error">{readApiError(loadError).message}</Alert>}
      <form onSubmit={submit} className="grid gap-4 md:grid-cols-[1fr_1fr_1fr_auto] md:items-end">
        <SelectField
          label="Prompt de anamnese"
          value={promptId ?? ''}
          onChange={(event) => setChosen({ ...chosen, prompt: event.target.value })}
        >
          {anamnesisPrompts.map((prompt) => (
            <option key={prompt.id} value={prompt.id}>
              {prompt.name} (v{prompt.version}
              {prompt.active ? ', ativo' : ''})
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Persona"
          value={personaId ?? ''}
          onChange={(event) => setChosen({ ...chosen, persona: event.target.value })}
        >
          {personas.data?.map((persona) => (
            <option key={persona.id} value={persona.id}>
              {persona.name}
              {persona.is_default ? ' (padrão)' : ''}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Modelo de anamnese"
          value={templateId ?? ''}
          onChange={(event) => setChosen({ ...chosen, template: event.target.value })}
        >
          {templates.data?.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
              {template.published ? '' : ' (não publicado)'}
            </option>
          ))}
        </SelectField>
        <Button type="submit" isLoading={run.isPending} disabled={!promptId || !personaId || !templateId}>
          {!run.isPending && <Icon name="play" className="size-4" />} Testar
        </Button>
      </form>
      <div className="mt-5" aria-live="polite">
        {run.isPending && (
          <p role="status" className="flex items-center gap-2 text-muted">
            <Icon name="loader-circle" className="size-5 animate-spin" /> Escrevendo a anamnese da consulta de exemplo…
          </p>
        )}
        {failure && (
          <Alert tone="error">
            <p className="font-semibold">{failure.title}</p>
            <p>{failure.message}</p>
          </Alert>
        )}
        {run.isSuccess && <TestResult result={run.data} />}
      </div>
    </Card>
  );
}

/** The chosen item's id while it still exists, or else the first that fits the default (or the first one). */
function pick<T extends { id: string }>(
  items: T[] | undefined,
  chosen: string | undefined,
  isDefault: (item: T) => boolean,
) {
  const found = items?.find((item) => item.id === chosen) ?? items?.find(isDefault) ?? items?.[0];
  return found?.id;
}
