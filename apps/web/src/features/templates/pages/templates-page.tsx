import type { TAnamnesisTemplate } from '@escriba/contract';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { toasts } from '../../../lib/toast-store';
import { useAnamnesisTemplates } from '../../../lib/api/anamnesis-templates';
import { groupTemplates } from '../../../lib/template-groups';
import { useCommonData } from '../../../lib/api/get-common-data';
import { useDeleteTemplate } from '../api/templates-api';
import { TemplateCard } from '../components/template-card';

/** "Modelos de anamnese": the professional's own templates, and the published ones to copy from. */
export function TemplatesPage() {
  const list = useAnamnesisTemplates();
  const common = useCommonData().data;
  const remove = useDeleteTemplate();
  const groups = groupTemplates(list.data ?? []);

  const deleteTemplate = (template: TAnamnesisTemplate) =>
    remove.mutate(template.id, {
      onSuccess: () => toasts.add({ title: 'Modelo excluído', color: 'success' }),
      onError: (error) =>
        toasts.add({ title: 'Não foi possível excluir', description: readApiError(error).message, color: 'error' }),
    });

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Modelos de anamnese</h1>
          <p className="mt-2 text-lg text-muted">Os campos que o assistente preenche, na ordem em que você escreve.</p>
        </div>
        <Link to="/templates/new" className={cn(buttonClasses(), 'h-11 px-5')}>
          <Icon name="plus" className="size-5" /> Novo modelo
        </Link>
      </header>
      {list.isError && <Alert tone="error">{readApiError(list.error).message}</Alert>}
      {list.isPending && (
        <div role="status" aria-label="Carregando os modelos" className="flex flex-col gap-3">
          {[0, 1, 2].map((index) => (
            <div key={index} className="h-24 animate-pulse rounded-2xl border border-line bg-surface" />
          ))}
        </div>
      )}
      {list.data && (
        <>
          <section aria-labelledby="own-templates" className="flex flex-col gap-3">
            <h2 id="own-templates" className="text-xl font-semibold">
              Meus modelos
            </h2>
            {groups.own.length === 0 ? (
              <EmptyState icon="clipboard-list" title="Você ainda não tem modelos próprios">
                Comece por uma cópia de um modelo publicado abaixo e ajuste os campos ao seu jeito de atender, ou crie
                um do zero.
              </EmptyState>
            ) : (
              <ul className="flex flex-col gap-3" aria-label="Meus modelos">
                {groups.own.map((template) => (
                  <TemplateCard
                    key={template.id}
                    template={template}
                    common={common}
                    actions={
                      <>
                        <Link
                          to={`/templates/${template.id}`}
                          className={buttonClasses('secondary', 'sm')}
                          aria-label={`Editar ${template.name}`}
                        >
                          <Icon name="pencil" className="size-4" /> Editar
                        </Link>
                        <ConfirmDeleteButton
                          aria-label={`Excluir ${template.name}`}
                          confirmation={{
                            title: 'Excluir o modelo?',
                            description: `“${template.name}” deixa de aparecer para novas anamneses. As anamneses já escritas com ele não mudam.`,
                            confirmLabel: 'Excluir modelo',
                          }}
                          isDeleting={remove.isPending && remove.variables === template.id}
                          onConfirm={() => deleteTemplate(template)}
                        >
                          Excluir
                        </ConfirmDeleteButton>
                      </>
                    }
                  />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="published-templates" className="flex flex-col gap-3">
            <div>
              <h2 id="published-templates" className="text-xl font-semibold">
                Modelos publicados
              </h2>
              <p className="text-sm text-muted">
                Mantidos pela equipe do Escriba, disponíveis a todos. Para mudar um deles, faça uma cópia.
              </p>
            </div>
            <ul className="flex flex-col gap-3" aria-label="Modelos publicados">
              {groups.published.map((template) => (
                <TemplateCard
                  key={template.id}
                  template={template}
                  common={common}
                  actions={
                    <Link
                      to={`/templates/new?copy=${template.id}`}
                      className={buttonClasses('secondary', 'sm')}
                      aria-label={`Fazer uma cópia de ${template.name}`}
                    >
                      <Icon name="file-text" className="size-4" /> Fazer uma cópia
                    </Link>
                  }
                />
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
