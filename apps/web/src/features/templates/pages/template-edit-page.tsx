import { ZAnamnesisTemplateBody, type TAnamnesisTemplate } from '@escriba/contract';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  draftFromCopy,
  draftFromTemplate,
  emptyDraft,
  toTemplateBody,
} from '../../../components/template-editor/editor-state';
import { TemplateEditor } from '../../../components/template-editor/template-editor';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { toasts } from '../../../lib/toast-store';
import { useCommonData } from '../../../lib/api/get-common-data';
import { useAnamnesisTemplate, useCreateTemplate, useUpdateTemplate } from '../api/templates-api';

/** /templates/new (from scratch, or `?copy={id}` of another template) and /templates/{id} (one of one's own). */
export function TemplateEditPage() {
  const { templateId } = useParams();
  const copyId = useSearchParams()[0].get('copy') ?? undefined;
  const loaded = useAnamnesisTemplate(templateId ?? copyId);
  const title = templateId ? 'Editar modelo' : copyId ? 'Copiar modelo' : 'Novo modelo';

  return (
    <div className="flex flex-col gap-5">
      <Link
        to="/templates"
        className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-accent-ink hover:underline"
      >
        <Icon name="arrow-left" className="size-4" /> Modelos de anamnese
      </Link>
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-muted">
          {copyId && loaded.data
            ? `Uma cópia de “${loaded.data.name}”: ajuste o que quiser, o original não muda.`
            : 'Dê um nome, escolha os campos e a ordem; a prévia mostra como a anamnese vai aparecer.'}
        </p>
      </header>
      {loaded.isError && <Alert tone="error">{readApiError(loaded.error).message}</Alert>}
      {loaded.isLoading && (
        <div role="status" aria-label="Carregando o modelo" className="h-64 animate-pulse rounded-2xl bg-subtle" />
      )}
      {templateId && loaded.data?.published ? (
        <PublishedNotice template={loaded.data} />
      ) : (
        (loaded.data || (!templateId && !copyId)) && (
          <EditorFor key={loaded.data?.id ?? 'new'} templateId={templateId} source={loaded.data} />
        )
      )}
    </div>
  );
}

function EditorFor({ templateId, source }: { templateId: string | undefined; source: TAnamnesisTemplate | undefined }) {
  const navigate = useNavigate();
  const common = useCommonData().data;
  const create = useCreateTemplate();
  const update = useUpdateTemplate(templateId ?? '');
  const save = templateId ? update : create;
  const [initial] = useState(() =>
    templateId && source ? draftFromTemplate(source) : source ? draftFromCopy(source) : emptyDraft(),
  );

  return (
    <TemplateEditor
      label={templateId ? 'Editar modelo' : 'Novo modelo'}
      initial={initial}
      common={common}
      schema={ZAnamnesisTemplateBody}
      toBody={toTemplateBody}
      submitLabel={templateId ? 'Salvar modelo' : 'Criar modelo'}
      isPending={save.isPending}
      onCancel={() => void navigate('/templates')}
      onSubmit={(body, onError) =>
        save.mutateAsync(body).then(() => {
          toasts.add({ title: templateId ? 'Modelo salvo' : 'Modelo criado', color: 'success' });
          void navigate('/templates');
        }, onError)
      }
    />
  );
}

/** A published template reached by its address: read-only to professionals, so offer a copy. */
function PublishedNotice({ template }: { template: TAnamnesisTemplate }) {
  return (
    <Alert tone="info">
      <p>“{template.name}” é um modelo publicado: ele não pode ser alterado, mas você pode fazer uma cópia.</p>
      <Link to={`/templates/new?copy=${template.id}`} className={`${buttonClasses('secondary', 'sm')} mt-2`}>
        Fazer uma cópia
      </Link>
    </Alert>
  );
}
