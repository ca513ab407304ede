import type { TConsultation, TGenerationBody } from '@escriba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { Progress } from '../../../../components/ui/progress';
import { useClientConfig } from '../../../../lib/api/get-client-config';
import { meQueryOptions, useMe } from '../../../../lib/api/get-me';
import { anamnesisQueryOptions, generateAnamnesis } from '../../api/anamnesis';
import { useAnamnesisTemplates, usePreferredTemplate } from '../../../../lib/api/anamnesis-templates';
import { askRewriteInstruction } from './rewrite-dialog';
import { FieldCard } from './field-card';
import { GeneratePanel } from './generate-panel';
import { HandNotePanel } from './hand-note-panel';
import { DiagnosesBlock } from './diagnoses-block';
import { describeGenerationError, type GenerationProblem } from '../generation/generation-error';
import { GenerationFailedAlert } from '../generation/generation-failed-alert';
import { missingFields, shownFields, storedVersions } from './note-state';
import { NoteToolbar } from './note-toolbar';
import { withConfirmedDiagnoses, type CopiedField } from './copy-formats';
import { PrintableNote } from './printable-note';
import { Provenance } from './provenance';
import { defaultTemplateId, groupTemplates } from '../../../../lib/template-groups';
import { useAnamnesisNote } from './use-anamnesis-note';
import { useNoteEdits } from './use-note-edits';
import { formatCount } from '../../../../lib/plural';

interface GenerationRequest {
  templateId: string;
  body?: TGenerationBody;
}

interface AnamnesisPaneProps {
  consultation: TConsultation;
  /** Told when a note starts or stops being written, so the page brings the note to the front at once. */
  onWritingChange: (isWriting: boolean) => void;
}

/** The consultation's anamnesis: generated field by field from its sources, reviewed, edited and copied to the record. */
export function AnamnesisPane({ consultation, onWritingChange }: AnamnesisPaneProps) {
  const id = consultation.id;
  const queryClient = useQueryClient();
  const { anamnesis, live, failure, dismissFailure, start } = useAnamnesisNote(id);
  const templates = useAnamnesisTemplates().data;
  const specialtyTemplateId = usePreferredTemplate().data?.template_id;
  const credits = useMe().data?.credits;
  // The price the server spends (GENERATION_CREDIT_COST), never a copy of it here.
  const cost = useClientConfig().data?.generation_credit_cost;
  const versions = storedVersions(anamnesis.data);
  const latest = versions[0];
  const [viewedId, setViewedId] = useState<string>();
  const viewed = versions.find((version) => version.id === viewedId) ?? latest;
  const isViewingOld = Boolean(viewed && latest && viewed.id !== latest.id);
  const edits = useNoteEdits(id, latest);
  const [chosenTemplateId, setChosenTemplateId] = useState<string>();
  const templateId =
    chosenTemplateId ??
    defaultTemplateId(groupTemplates(templates ?? []), latest?.provenance.template.id, specialtyTemplateId);
  const [problem, setProblem] = useState<GenerationProblem>();
  const [lastRequest, setLastRequest] = useState<GenerationRequest>();
  const [isRequesting, setIsRequesting] = useState(false);

  const isClosed = consultation.status === 'done';
  const isGenerating = live !== null;
  const canChange = !isClosed && !isGenerating && !isViewingOld && !isRequesting;
  const isWriting = isRequesting || isGenerating;
  useEffect(() => onWritingChange(isWriting), [isWriting, onWritingChange]);
  const cards = isViewingOld ? shownFields(viewed, null) : shownFields(latest, live);
  const withDiagnoses = (fields: CopiedField[]) => withConfirmedDiagnoses(fields, anamnesis.data?.diagnoses ?? []);
  const filled = live ? live.templateFields.length - missingFields(live) : 0;

  const request = async (generation: GenerationRequest) => {
    setProblem(undefined);
    dismissFailure();
    setLastRequest(generation);
    setIsRequesting(true);
    try {
      const version = await generateAnamnesis(id, generation.templateId, generation.body);
      setViewedId(undefined);
      start(version);
    } catch (error) {
      setProblem(describeGenerationError(error, 'note'));
      void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    } finally {
      setIsRequesting(false);
    }
  };

  const noteTemplateId = latest?.provenance.template.id ?? templateId;
  const redoField = async (fieldId: string, title: string, isRewrite: boolean) => {
    if (!noteTemplateId) return;
    const instruction = isRewrite ? await askRewriteInstruction(title) : undefined;
    if (isRewrite && !instruction) return;
    void request({ templateId: noteTemplateId, body: { field_id: fieldId, ...(instruction ? { instruction } : {}) } });
  };

  const retry = () => {
    const again = lastRequest ?? (templateId ? { templateId } : undefined);
    if (again) void request(again);
  };

  const blockedReason = isClosed
    ? 'Consulta concluída: a anamnese pode ser lida, copiada e impressa. Reabra a consulta para gerar ou editar.'
    : credits !== undefined && cost !== undefined && credits < cost
      ? 'Sem créditos para gerar. Fale com o administrador para receber mais.'
      : isGenerating
        ? 'Aguarde: o assistente está escrevendo a nota.'
        : undefined;

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex items-center gap-2">
        <Icon name="notebook-pen" className="size-5 text-accent-600" />
        <h2 className="text-base font-semibold">Anamnese</h2>
        {isGenerating ? (
          <Badge tone="accent" hasDot className="ml-auto animate-pulse">
            Gerando
          </Badge>
        ) : (
          latest && <Badge className="ml-auto">Versão {latest.number}</Badge>
        )}
      </div>

      {failure && (
        <GenerationFailedAlert
          title="A anamnese não foi gerada"
          failure={failure}
          kept="A nota anterior continua como estava."
          onRetry={retry}
          canRetry={canChange}
        />
      )}
      {problem && (
        <Alert tone="error">
          <p className="font-semibold">{problem.title}</p>
          <p>{problem.description}</p>
        </Alert>
      )}
      {edits.hasConflict && (
        <Alert tone="warning">
          <p className="font-semibold">A nota foi alterada em outra aba</p>
          <p>Outra aba salvou uma versão mais nova antes de você. Seu texto continua aqui, sem ser salvo.</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void edits.loadNewer()}>
            Carregar a versão mais nova e manter meu texto
          </Button>
        </Alert>
      )}

      {consultation.ai_enabled ? (
        <GeneratePanel
          templates={templates}
          templateId={templateId}
          onTemplateChange={setChosenTemplateId}
          onGenerate={() => templateId && void request({ templateId })}
          isPending={isRequesting}
          blockedReason={blockedReason}
          credits={credits}
          cost={cost}
        />
      ) : (
        !latest &&
        !anamnesis.isPending && (
          <HandNotePanel
            consultationId={id}
            templates={templates}
            templateId={templateId}
            onTemplateChange={setChosenTemplateId}
            blockedReason={isClosed ? 'Consulta concluída: reabra-a para escrever a anamnese.' : undefined}
          />
        )
      )}

      {isGenerating && live && (
        <div role="status" className="flex flex-col gap-1.5 text-sm text-muted">
          <span>
            {live.fieldId
              ? 'O assistente está refazendo o campo…'
              : `O assistente está escrevendo: ${filled} de ${formatCount(live.templateFields.length, 'campo', 'campos')}`}
          </span>
          {!live.fieldId && (
            <Progress value={(filled / Math.max(1, live.templateFields.length)) * 100} label="Campos preenchidos" />
          )}
        </div>
      )}

      {viewed && !isGenerating && (
        <NoteToolbar
          versions={versions}
          viewed={viewed}
          onView={(versionId) => setViewedId(versionId === latest?.id ? undefined : versionId)}
          fields={withDiagnoses(cards)}
          consultation={consultation}
          hasDrafts={Object.keys(edits.drafts).length > 0}
          onEditField={(fieldId) => {
            // The review may have saved confirmations since this render: the note it left is in the cache.
            const note = storedVersions(queryClient.getQueryData(anamnesisQueryOptions(id).queryKey))[0];
            const field = note?.fields.find((each) => each.field_id === fieldId);
            if (field && canChange) edits.open(fieldId, field.text, note);
          }}
        />
      )}
      {isViewingOld && (
        <Alert tone="info">
          Você está vendo uma versão anterior, somente para leitura.{' '}
          <button type="button" className="font-semibold underline" onClick={() => setViewedId(undefined)}>
            Ver a mais recente
          </button>
        </Alert>
      )}

      {cards.length === 0 ? (
        !anamnesis.isPending &&
        consultation.ai_enabled && (
          <p className="text-sm text-muted">
            Escolha um modelo e gere a anamnese: o assistente preenche cada campo a partir da transcrição, das
            evidências e do seu contexto, e mostra as fontes de cada um. Você revisa, edita e copia para o prontuário.
          </p>
        )
      ) : (
        <ol className="flex flex-col gap-2.5" aria-label="Campos da anamnese" data-testid="anamnesis-fields">
          {cards.map((field) => (
            <FieldCard
              key={field.fieldId}
              field={field}
              draft={edits.drafts[field.fieldId]}
              unsavedCopy={edits.copies[field.fieldId]}
              canChange={canChange}
              canUseAi={consultation.ai_enabled}
              isSaving={edits.isSaving}
              draftCount={Object.keys(edits.drafts).length}
              onEdit={() => edits.open(field.fieldId, field.text)}
              onDraftChange={(text) => edits.change(field.fieldId, text)}
              onCancelEdit={() => edits.close(field.fieldId)}
              onSave={() => void edits.save()}
              onRegenerate={() => void redoField(field.fieldId, field.title, false)}
              onRewrite={() => void redoField(field.fieldId, field.title, true)}
              onUseCopy={() => edits.takeCopy(field.fieldId)}
              onDiscardCopy={() => edits.discardCopy(field.fieldId)}
            />
          ))}
        </ol>
      )}

      {anamnesis.data && (
        <DiagnosesBlock consultationId={id} diagnoses={anamnesis.data.diagnoses} canChange={!isClosed} />
      )}

      {viewed && !isGenerating && <Provenance provenance={viewed.provenance} />}
      {viewed && (
        <PrintableNote
          consultation={consultation}
          templateName={viewed.provenance.template.name}
          fields={withDiagnoses(viewed.fields.map((field) => ({ ...field, fieldId: field.field_id })))}
        />
      )}
    </div>
  );
}
