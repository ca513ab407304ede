import { and, eq } from 'drizzle-orm';
import { anamnesisVersions, type AnamnesisVersionRow } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { storeSuggestedDiagnoses } from '../diagnoses/diagnoses-store';
import { failStaleGenerations as failStale, runGeneration, type GenerationKind } from '../generation/generation-run';
import { enqueueGenerations } from './anamnesis-jobs';
import { latestReadyVersion } from './anamnesis-store';
import { draftNote, type Draft } from './draft-note';

/** A note version as a generation: drafted field by field, each field an `anamnesis` message naming the version. */
export const anamnesisGeneration: GenerationKind<AnamnesisVersionRow, Draft, typeof anamnesisVersions> = {
  name: 'anamnesis',
  table: anamnesisVersions,
  async findGenerating(db, id) {
    const [row] = await db
      .select()
      .from(anamnesisVersions)
      .where(and(eq(anamnesisVersions.id, id), eq(anamnesisVersions.status, 'generating')));
    return row;
  },
  async draft(app, llm, row, send) {
    const base = row.fieldId ? await latestReadyVersion(app.db, row.consultationId, row.version) : undefined;
    if (row.fieldId && !base) throw new Error(`Version ${row.id} has no ready note to change`);
    return draftNote(app, llm, row, base, ({ field_id, text, sources, statements }) =>
      send({ field_id, text, sources, statements }),
    );
  },
  readyValues: (draft) => ({ fields: draft.fields, provenance: draft.provenance }),
  async storeWithReady(tx, row, draft) {
    if (draft.suggestions) await storeSuggestedDiagnoses(tx, row.consultationId, draft.suggestions);
  },
  paidFor: (row) => ({ anamnesisId: row.id }),
  refundReason: 'Geração de anamnese não concluída',
  address: (row) => ({ userId: row.userId, consultationId: row.consultationId, ids: { anamnesis_id: row.id } }),
  queue: 'generate-anamnesis',
  requeue: enqueueGenerations,
};

/** The `generate-anamnesis` job (runGeneration: at least once, settled by one run). */
export function generateAnamnesis(app: App, anamnesisId: string): Promise<void> {
  return runGeneration(app, anamnesisGeneration, anamnesisId);
}

/** Fails (and refunds) the note versions still generating after `olderThanMs`. */
export function failStaleGenerations(app: App, olderThanMs: number): Promise<void> {
  return failStale(app, anamnesisGeneration, olderThanMs);
}
