import { CHIEF_COMPLAINT_MAX_LENGTH, type TUpdateConsultationBody } from '@escriba/contract';
import { Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { Card } from '../../../components/ui/card';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-button';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { assertUuid, loadOrNotFound } from '../../../lib/route-errors';
import { toasts } from '../../../lib/toast-store';
import { useDeleteConsultation } from '../api/delete-consultation';
import { consultationQueryOptions, useConsultation } from '../api/get-consultation';
import { useUpdateConsultation } from '../api/update-consultation';
import { AnamnesisPane } from '../components/anamnesis/anamnesis-pane';
import { EvidencePane } from '../components/evidence/evidence-pane';
import { InlineEdit } from '../components/inline-edit';
import { PatientHeader } from '../components/patient-header';
import { ConsultationStateBadge } from '../components/recorder/consultation-state-badge';
import { Recorder } from '../components/recorder/recorder';
import { StatusMenu } from '../components/status-menu';
import { TranscriptPane } from '../components/transcript/transcript-pane';
import { UserContextEditor } from '../components/user-context-editor';
import { settleDraft } from '../../../lib/user-context-drafts';
import { WorkspacePanes } from '../components/workspace-panes';

const TITLE_MAX_LENGTH = 200;

/** Spec §2: a malformed id, or one the API does not find for this professional, is a 404. */
export async function consultationLoader({ params }: LoaderFunctionArgs) {
  const id = assertUuid(params.id);
  await loadOrNotFound(() => queryClient.ensureQueryData(consultationQueryOptions(id)));
  return null;
}

export function ConsultationPage() {
  const id = assertUuid(useParams().id);
  const consultation = useConsultation(id).data;
  const update = useUpdateConsultation(id);
  const remove = useDeleteConsultation(id);
  const navigate = useNavigate();
  // The loader filled the cache; a deleted consultation leaves it while the page goes home.
  if (!consultation) return null;
  const isClosed = consultation.status === 'done';

  const saveField = async (body: TUpdateConsultationBody) => {
    try {
      await update.mutateAsync(body);
      return undefined;
    } catch (error) {
      return readApiError(error).fieldErrors[Object.keys(body)[0] ?? ''] ?? readApiError(error).message;
    }
  };

  const deleteConsultation = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        settleDraft(localStorage, id);
        toasts.add({ title: 'Consulta excluída', color: 'success' });
        void navigate('/');
      },
      onError: (error) =>
        toasts.add({ title: 'Não foi possível excluir', description: readApiError(error).message, color: 'error' }),
    });

  return (
    // Another consultation (same route, new id) starts with fresh editors and drafts.
    <div key={id} className="flex flex-col gap-5">
      <nav className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-ink hover:underline">
          <Icon name="arrow-left" className="size-4" /> Consultas
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <StatusMenu
            status={consultation.status}
            isPending={update.isPending && update.variables?.status !== undefined}
            onChange={(status) =>
              update.mutate(
                { status },
                {
                  onError: (error) =>
                    toasts.add({
                      title: 'Status não alterado',
                      description: readApiError(error).message,
                      color: 'error',
                    }),
                },
              )
            }
          />
          <ConfirmDeleteButton
            className="text-danger"
            confirmation={{
              title: 'Excluir consulta?',
              description:
                'A consulta e os arquivos dela serão excluídos definitivamente. O paciente continua cadastrado.',
            }}
            isDeleting={remove.isPending}
            onConfirm={deleteConsultation}
          >
            Excluir
          </ConfirmDeleteButton>
        </div>
      </nav>

      <Card className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center gap-3">
          <ConsultationStateBadge consultation={consultation} />
          <span className="text-sm text-muted">Criada em {formatDateTime(consultation.created_at)}</span>
        </div>
        <InlineEdit
          label="Título"
          value={consultation.title}
          maxLength={TITLE_MAX_LENGTH}
          isReadOnly={isClosed}
          isSaving={update.isPending && update.variables?.title !== undefined}
          onSave={(title) => saveField({ title })}
          renderValue={(title) => (
            <h1 className="text-2xl font-semibold tracking-tight">
              {title ?? <span className="text-muted">Consulta sem título</span>}
            </h1>
          )}
        />
        <section aria-labelledby="complaint-title">
          <h2 id="complaint-title" className="mb-1 text-sm font-medium text-muted">
            Queixa principal
          </h2>
          <InlineEdit
            label="Queixa principal"
            value={consultation.chief_complaint}
            isMultiline
            maxLength={CHIEF_COMPLAINT_MAX_LENGTH}
            isReadOnly={isClosed}
            isSaving={update.isPending && update.variables?.chief_complaint !== undefined}
            onSave={(chief_complaint) => saveField({ chief_complaint })}
            renderValue={(text) =>
              text ? (
                <p className="whitespace-pre-line">{text}</p>
              ) : (
                <p className="text-muted">Nenhuma queixa registrada ainda.</p>
              )
            }
          />
        </section>
        <div className="grid items-center gap-4 border-t border-line pt-5 xl:grid-cols-[minmax(0,1fr)_auto]">
          <PatientHeader patient={consultation.patient} />
          <Recorder consultation={consultation} />
        </div>
      </Card>

      <UserContextEditor consultationId={id} serverText={consultation.user_context} isReadOnly={isClosed} />

      <WorkspacePanes
        transcript={<TranscriptPane consultationId={id} isReadOnly={isClosed} />}
        evidence={<EvidencePane consultationId={id} isReadOnly={isClosed} />}
        anamnesis={<AnamnesisPane consultation={consultation} />}
      />
    </div>
  );
}
