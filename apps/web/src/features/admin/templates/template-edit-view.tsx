import { ZAdminTemplateBody, ZAdminTemplateUpdate, type TAdminTemplate } from '@escriba/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  draftFromTemplate,
  emptyDraft,
  toTemplateField,
  type TemplateDraft,
} from '../../../components/template-editor/editor-state';
import { TemplateEditor } from '../../../components/template-editor/template-editor';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-button';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import type { CommonData } from '../../../lib/common-data';
import { toasts } from '../../../lib/toast-store';
import { PublishSwitch } from './publish-switch';
import { useAdminTemplateChanges, useCreateAdminTemplate } from './templates-api';
import { useTemplateActions } from './use-template-actions';

interface TemplateEditViewProps {
  /** Undefined for a new template. */
  templateId: string | undefined;
  list: UseQueryResult<TAdminTemplate[]>;
  common: CommonData | undefined;
}

const LIST_PATH = '/admin/anamnesis-templates';

/** One template's editor: a new one is created whole; an existing one saves each field change as it is made. */
export function TemplateEditView({ templateId, list, common }: TemplateEditViewProps) {
  const template = list.data?.find((each) => each.id === templateId);
  const isMissing = templateId !== undefined && list.isSuccess && !template;

  return (
    <div className="flex flex-col gap-5">
      <Link
        to={LIST_PATH}
        className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-accent-ink hover:underline"
      >
        <Icon name="arrow-left" className="size-4" /> Modelos
      </Link>
      {list.isError && <Alert tone="error">{readApiError(list.error).message}</Alert>}
      {isMissing && <Alert tone="error">Modelo não encontrado: ele pode ter sido excluído.</Alert>}
      {templateId === undefined ? (
        <NewTemplate common={common} />
      ) : (
        template && <ExistingTemplate key={template.id} template={template} common={common} />
      )}
    </div>
  );
}

const newBody = (draft: TemplateDraft) => ({
  name: draft.name,
  specialization_id: draft.specializationId,
  fields: draft.fields.map(toTemplateField),
});

function NewTemplate({ common }: { common: CommonData | undefined }) {
  const navigate = useNavigate();
  const create = useCreateAdminTemplate();
  return (
    <>
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">Novo modelo</h1>
        <p className="mt-2 text-muted">Criado sem publicar: publique quando estiver pronto para os profissionais.</p>
      </header>
      <TemplateEditor
        label="Novo modelo"
        initial={emptyDraft()}
        common={common}
        schema={ZAdminTemplateBody}
        toBody={newBody}
        submitLabel="Criar modelo"
        isPending={create.isPending}
        onCancel={() => void navigate(LIST_PATH)}
        onSubmit={(body, onError) =>
          create.mutate(body, {
            onSuccess: (created) => {
              toasts.add({ title: 'Modelo criado', color: 'success' });
              void navigate(`${LIST_PATH}?template=${created.id}`, { replace: true });
            },
            onError,
          })
        }
      />
    </>
  );
}

function ExistingTemplate({ template, common }: { template: TAdminTemplate; common: CommonData | undefined }) {
  const navigate = useNavigate();
  const changes = useAdminTemplateChanges(template.id);
  const actions = useTemplateActions(() => void navigate(LIST_PATH, { replace: true }));

  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{template.name}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-muted">
            {template.seeded && <Badge tone="accent">Do Escriba</Badge>}
            Cada campo é salvo por si; nome e especialidade, com “Salvar”.
          </p>
        </div>
        <PublishSwitch
          name={template.name}
          isPublished={template.published}
          isPending={actions.publishingId === template.id}
          onChange={(publish) => actions.setPublished(template, publish)}
        />
      </header>
      {actions.refusal && <Alert tone="error">{actions.refusal}</Alert>}
      <TemplateEditor
        label={`Editar ${template.name}`}
        initial={draftFromTemplate(template, true)}
        common={common}
        schema={ZAdminTemplateUpdate}
        toBody={(draft) => ({ name: draft.name, specialization_id: draft.specializationId })}
        submitLabel="Salvar"
        isPending={changes.update.isPending}
        onCancel={() => void navigate(LIST_PATH)}
        onSubmit={(body, onError) =>
          changes.update.mutate(body, {
            onSuccess: () => toasts.add({ title: 'Modelo salvo', color: 'success' }),
            onError,
          })
        }
        storedFields={{
          add: (body) => changes.addField.mutateAsync(body),
          update: (fieldId, body) => changes.updateField.mutateAsync({ fieldId, body }),
          remove: (fieldId) => changes.deleteField.mutateAsync(fieldId),
          reorder: (order) => changes.reorder.mutateAsync(order),
        }}
        extraActions={
          <ConfirmDeleteButton size="md" className="text-danger" {...actions.deletion(template)}>
            Excluir modelo
          </ConfirmDeleteButton>
        }
      />
    </>
  );
}
