import { CHIEF_COMPLAINT_MAX_LENGTH, type TUpdateConsultationBody } from '@escriba/contract';
import { useState } from 'react';
import { Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { Card } from '../../../components/ui/card';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-button';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { cn } from '../../../lib/cn';
import { queryClient } from '../../../lib/query-client';
import { assertUuid, loadOrNotFound } from '../../../lib/route-errors';
import { toasts } from '../../../lib/toast-store';
import { anamnesisQueryOptions, useAnamnesis } from '../api/anamnesis';
import { useDeleteConsultation } from '../api/delete-consultation';
import { consultationQueryOptions, useConsultation } from '../api/get-consultation';
import { consultationHistoryQueryOptions } from '../api/get-consultation-history';
import { useUpdateConsultation } from '../api/update-consultation';
import { documentsQueryOptions } from '../api/documents';
import { AnamnesisPane } from '../components/anamnesis/anamnesis-pane';
import { DocumentsPane } from '../components/documents/documents-pane';
import { storedVersions } from '../components/anamnesis/note-state';
import { EvidencePane } from '../components/evidence/evidence-pane';
import { useConcludeOnLeave } from '../components/conclude-on-leave';
import { EarlierConsultations } from '../components/history/earlier-consultations';
import { InlineEdit } from '../components/inline-edit';
import { PatientHeader } from '../components/patient-header';
import { ConsultationStateBadge } from '../components/recorder/consultation-state-badge';
import { WithoutAiPanel } from '../components/recorder/ai-choice';
import { Recorder } from '../components/recorder/recorder';
import { StatusMenu } from '../components/status-menu';
import { TranscriptPane } from '../components/transcript/transcript-pane';
import { UserContextEditor } from '../components/user-context-editor';
import { settleDraft } from '../../../lib/user-context-drafts';
import { WorkspacePanes, type MainPane } from '../components/workspace-panes';
import { localStore } from '../../../lib/browser-storage';

const TITLE_MAX_LENGTH = 200;

/** Spec §2: a malformed id, or one the API does not find for this professional, is a 404. */
export async function consultationLoader({ params }: LoaderFunctionArgs) {
  const id = assertUuid(params.id);
  // The note is read with the consultation, so the page opens with the right pane in front (and the documents under it).
  await Promise.all([
    loadOrNotFound(() => queryClient.ensureQueryData(consultationQueryOptions(id))),
    queryClient.prefetchQuery(anamnesisQueryOptions(id)),
    queryClient.prefetchQuery(documentsQueryOptions(id)),
    queryClient.prefetchQuery(consultationHistoryQueryOptions(id)),
  ]);
  return null;
}

export function ConsultationPage() {
  const id = assertUuid(useParams().id);
  const consultation = useConsultation(id).data;
  const update = useUpdateConsultation(id);
  const remove = useDeleteConsultation(id);
  const navigate = useNavigate();
  useConcludeOnLeave(id);
  // The note comes to the front once there is one, or as soon as one is being written.
  const hasNote = storedVersions(useAnamnesis(id).data).length > 0;
  const [isNoteBeingWritten, setIsNoteBeingWritten] = useState(false);
  // Without AI there is nothing to record: the note, written by hand, is the work.
  const main: MainPane =
    hasNote || isNoteBeingWritten || consultation?.ai_enabled === false ? 'anamnesis' : 'transcript';
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
        settleDraft(localStore(), id);
        toasts.add({ title: 'Consulta excluída', color: 'success' });
        void navigate('/');
      },
      onError: (error) =>
        toasts.add({ title: 'Não foi possível excluir', description: readApiError(error).message, color: 'error' }),
    });

  return (
    // Another consultation (same route, new id) starts with fresh editors and drafts. While the transcript is in
    // front, the page is the screen's height: header and recorder above, the panes scrolling inside below.
    <div key={id} className={cn('flex flex-col gap-4', main === 'transcript' && 'h-[calc(100dvh-4rem)] min-h-[36rem]')}>
      <nav className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-ink hover:underline">
          <Icon name="arrow-left" className="size-4" /> Consultas
        </Link>
        <ConsultationStateBadge consultation={consultation} />
        <span className="text-sm text-muted">Criada em {formatDateTime(consultation.created_at)}</span>
        <div className="ml-auto flex flex-wrap items-center gap-2">
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

      <Card className="grid shrink-0 gap-4 p-4 sm:p-5 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-start">
        <div className="flex min-w-0 flex-col gap-2">
          <InlineEdit
            label="Título"
            value={consultation.title}
            maxLength={TITLE_MAX_LENGTH}
            isReadOnly={isClosed}
            isSaving={update.isPending && update.variables?.title !== undefined}
            onSave={(title) => saveField({ title })}
            renderValue={(title) => (
              <h1 className="text-xl font-semibold tracking-tight">
                {title ?? <span className="text-muted">Consulta sem título</span>}
              </h1>
            )}
          />
          <section aria-labelledby="complaint-title">
            <h2 id="complaint-title" className="text-xs font-medium tracking-wide text-muted uppercase">
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
                  <p className="line-clamp-2 whitespace-pre-line" title={text}>
                    {text}
                  </p>
                ) : (
                  <p className="text-muted">Nenhuma queixa registrada ainda.</p>
                )
              }
            />
          </section>
          <PatientHeader patient={consultation.patient} />
        </div>
        {consultation.ai_enabled ? (
          <Recorder consultation={consultation} />
        ) : (
          <WithoutAiPanel consultation={consultation} />
        )}
      </Card>

      <EarlierConsultations consultationId={id} />

      <WorkspacePanes
        main={main}
        panes={{
          transcript: (
            <TranscriptPane
              consultationId={id}
              isReadOnly={isClosed}
              isAiEnabled={consultation.ai_enabled}
              fillsPane={main === 'transcript'}
            />
          ),
          evidence: <EvidencePane consultationId={id} isReadOnly={isClosed} />,
          anamnesis: <AnamnesisPane consultation={consultation} onWritingChange={setIsNoteBeingWritten} />,
          documents: <DocumentsPane consultation={consultation} />,
          context: (
            <UserContextEditor consultationId={id} serverText={consultation.user_context} isReadOnly={isClosed} />
          ),
        }}
      />
    </div>
  );
}
