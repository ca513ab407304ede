import type {
  TCid10Code,
  TDocumentContent,
  TDocumentKind,
  TDocumentProvenance,
  TDocumentRequest,
  TDocumentStatements,
} from '@escriba/contract';
import type { Database } from '../../db/client';
import type { LlmProvider } from '../../providers/llm/llm-provider';
import type { App } from '../../platform/services';
import { versionFields } from '../anamnesis/anamnesis-store';
import { personaInstructions } from '../assistant-seeds/default-persona';
import { listDiagnoses } from '../diagnoses/diagnoses-store';
import { promptText } from '../generation/prompt-text';
import { readGenerationInputs } from '../generation/read-generation-inputs';
import { SourceCatalog } from '../generation/source-labels';
import { answerFromInputs, provenanceAnswered } from '../generation/structured-answer';
import { StatementSources } from '../statements/statement-sources';
import { documentAnswerSchema, toStoredContent, toStoredProperty } from './document-answer';
import { checkDocument } from './document-statements';
import { buildDocumentMessages, type DocumentTask } from './document-prompt';

/** A document's generation as its job reads it. */
export interface GeneratingDocument {
  /** The generating version's id. */
  id: string;
  documentId: string;
  userId: string;
  consultationId: string;
  kind: TDocumentKind;
  request: TDocumentRequest;
  provenance: TDocumentProvenance;
}

/** A drafted document: its whole content and its statements checked, and what the provenance learnt while drafting. */
export interface DocumentDraft {
  content: TDocumentContent;
  statements: TDocumentStatements;
  provenance: TDocumentProvenance;
  /** performance.now() at the provider's last byte. */
  providerFinishedAt: number;
}

// Room for the answer in the model's context: a document is a page or two, at most half the context.
const ANSWER_TOKENS = 3_000;

/**
 * Asks the model for the document's content, handing each property to `onProperty` as soon as it is complete and
 * valid (as it will be stored); the whole answer is then checked against the kind, a malformed one asked once more.
 */
export async function draftDocument(
  app: App,
  llm: LlmProvider,
  row: GeneratingDocument,
  onProperty: (key: string, value: unknown) => void,
): Promise<DocumentDraft> {
  const { provenance, kind } = row;
  const inputs = await readGenerationInputs(app.db, row.consultationId, provenance.inputs);
  const context = {
    catalog: SourceCatalog.of(inputs),
    request: row.request,
    confirmedCodes: await confirmedCodes(app.db, row.consultationId),
  };
  const task = await taskOf(app, row);
  const drafted = await answerFromInputs(app, llm, {
    inputs,
    messagesWith: (transcript) => buildDocumentMessages(task, inputs, context.catalog, transcript),
    answerTokens: Math.min(Math.floor(app.config.llm.contextTokens / 2), ANSWER_TOKENS),
    schema: documentAnswerSchema(kind),
    onProperty: (key, value) => {
      const stored = toStoredProperty(kind, key, value, context);
      if (stored !== undefined) onProperty(key, stored);
    },
    parse: (value) => toStoredContent(kind, value, context),
  });
  return {
    content: drafted.answer,
    statements: checkDocument(kind, drafted.answer, StatementSources.of(inputs), row.request),
    provenance: { ...provenanceAnswered(provenance, drafted), reviews: [], reviewed: null },
    providerFinishedAt: drafted.finishedAt,
  };
}

async function taskOf(app: App, row: GeneratingDocument): Promise<DocumentTask> {
  const [prompt] = row.provenance.prompts;
  if (!prompt) throw new Error(`Document version ${row.id} names no prompt`);
  const { note } = row.provenance.inputs;
  return {
    kind: row.kind,
    persona: await personaInstructions(app.db, row.provenance.persona),
    prompt: await promptText(app.db, prompt.prompt_id, prompt.version),
    note: note ? await versionFields(app.db, note.anamnesis_id) : [],
    request: row.request,
    stylePreferences: row.provenance.style_preferences ?? null,
  };
}

/** The consultation's confirmed diagnoses, as the codes a document may carry. */
async function confirmedCodes(db: Database, consultationId: string): Promise<TCid10Code[]> {
  return (await listDiagnoses(db, consultationId))
    .filter((diagnosis) => diagnosis.confirmed)
    .map(({ code, description }) => ({ code, description }));
}
