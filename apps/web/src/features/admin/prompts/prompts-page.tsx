import type { TAdminPrompt } from '@escriba/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { usePrompts } from './api/prompts-api';
import { PromptCard } from './prompt-card';
import { PromptFormDialog } from './prompt-form-dialog';
import { PromptHistoryDialog } from './prompt-history-dialog';
import { groupByPurpose } from './prompt-labels';
import { PromptTestPanel } from './prompt-test-panel';

/** What is open over the list: the form (a new prompt when `prompt` is left out) or a prompt's history. */
type Opened = { view: 'form'; prompt?: TAdminPrompt } | { view: 'history'; prompt: TAdminPrompt };

/** Spec §7 "Admin": the generator's prompts by purpose, their versions, and a test run on a sample consultation. */
export function Component() {
  const prompts = usePrompts();
  const [opened, setOpened] = useState<Opened>();
  const close = () => setOpened(undefined);

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Prompts</h1>
          <p className="mt-2 text-lg text-muted">
            As instruções do gerador, por finalidade. O prompt ativo de cada finalidade é o que o gerador usa.
          </p>
        </div>
        <Button onClick={() => setOpened({ view: 'form' })}>
          <Icon name="plus" className="size-4" /> Novo prompt
        </Button>
      </header>
      {prompts.isError && <Alert tone="error">{readApiError(prompts.error).message}</Alert>}
      {prompts.isPending && (
        <div role="status" aria-label="Carregando os prompts" className="flex flex-col gap-4">
          {[0, 1, 2].map((index) => (
            <div key={index} className="h-28 animate-pulse rounded-2xl border border-line bg-surface" />
          ))}
        </div>
      )}
      {prompts.data &&
        groupByPurpose(prompts.data).map((group) => (
          <section key={group.purpose} aria-labelledby={`purpose-${group.purpose}`} className="flex flex-col gap-3">
            <div>
              <h2 id={`purpose-${group.purpose}`} className="text-xl font-semibold">
                {group.title}
              </h2>
              <p className="text-muted">{group.hint}</p>
            </div>
            {group.prompts.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-line px-6 py-6 text-center text-muted">
                Nenhum prompt nesta finalidade.
              </p>
            ) : (
              <ul aria-busy={prompts.isFetching || undefined} className="flex flex-col gap-3">
                {group.prompts.map((prompt) => (
                  <PromptCard
                    key={prompt.id}
                    prompt={prompt}
                    onEdit={() => setOpened({ view: 'form', prompt })}
                    onHistory={() => setOpened({ view: 'history', prompt })}
                  />
                ))}
              </ul>
            )}
          </section>
        ))}
      {prompts.data && <PromptTestPanel prompts={prompts.data} />}
      {opened?.view === 'form' && <PromptFormDialog prompt={opened.prompt} onClose={close} />}
      {opened?.view === 'history' && <PromptHistoryDialog prompt={opened.prompt} onClose={close} />}
    </div>
  );
}
