import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { useCommonData } from '../../../lib/api/get-common-data';
import { TemplateEditView } from './template-edit-view';
import { TemplateTable } from './template-table';
import { useAdminTemplates } from './templates-api';
import { useTemplateActions } from './use-template-actions';

/** /admin/anamnesis-templates: the list, or one template's editor (`?template={id}`, or `?template=new`). */
export function Component() {
  const [params] = useSearchParams();
  const editing = params.get('template');
  const list = useAdminTemplates();
  const common = useCommonData().data;
  const actions = useTemplateActions();

  if (editing)
    return <TemplateEditView templateId={editing === 'new' ? undefined : editing} list={list} common={common} />;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Modelos</h1>
          <p className="mt-2 text-lg text-muted">
            Os modelos de anamnese oferecidos a todos os profissionais enquanto publicados.
          </p>
        </div>
        <Link to="?template=new" className={cn(buttonClasses(), 'h-11 px-5')}>
          <Icon name="plus" className="size-5" /> Novo modelo
        </Link>
      </header>
      {actions.refusal && <Alert tone="error">{actions.refusal}</Alert>}
      {list.isError && <Alert tone="error">{readApiError(list.error).message}</Alert>}
      {list.isPending && (
        <div role="status" aria-label="Carregando os modelos" className="h-64 animate-pulse rounded-2xl bg-subtle" />
      )}
      {list.data && <TemplateTable templates={list.data} common={common} actions={actions} />}
    </div>
  );
}
