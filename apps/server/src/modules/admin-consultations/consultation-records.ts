import type { TAnamnesisProvenance, TDocumentKind } from '@escriba/contract';
import { randomUUID } from 'node:crypto';
import { anamnesisVersions, documents, documentVersions, evidences, transcriptChunks } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { consultationFolder } from '../../platform/storage/storage';
import { originalKey } from '../evidences/evidence-keys';

/**
 * For tests: records of what the background jobs leave, stored directly (with their files) so a
 * test needs no speech or language model. Each kind is written as its job writes it.
 */
export async function storeChunk(
  app: App,
  consultationId: string,
  seq: number,
  outcome: { status: 'done'; text: string } | { status: 'failed'; failure: string },
): Promise<string> {
  const audioKey = `${consultationFolder(consultationId)}/audio/${String(seq).padStart(6, '0')}.webm`;
  await app.storage.put(audioKey, Buffer.from(`áudio ${seq}`));
  await app.db.insert(transcriptChunks).values({
    consultationId,
    seq,
    audioKey,
    contentType: 'audio/webm',
    size: 8,
    duration: 5,
    ...(outcome.status === 'done'
      ? { status: 'done', text: outcome.text, transcribedAt: new Date() }
      : { status: 'failed', failure: outcome.failure }),
  });
  return audioKey;
}

export async function storeFileEvidence(
  app: App,
  consultationId: string,
  outcome: { status: 'ready'; text: string } | { status: 'unreadable'; reason: string },
): Promise<{ id: string; key: string }> {
  const id = randomUUID();
  const key = originalKey(consultationId, id);
  await app.storage.put(key, Buffer.from('%PDF-1.4 laudo'));
  await app.db.insert(evidences).values({
    id,
    consultationId,
    kind: 'file',
    fileName: 'laudo.pdf',
    contentType: 'application/pdf',
    size: 14,
    storageKey: key,
    ...(outcome.status === 'ready'
      ? { status: 'ready', text: outcome.text }
      : { status: 'unreadable', reason: outcome.reason }),
  });
  return { id, key };
}

/** The transcript's evidence, as finishing a transcription stores it: no file of the professional's. */
export async function storeTranscriptEvidence(app: App, consultationId: string, text: string): Promise<void> {
  await app.db.insert(evidences).values({ consultationId, kind: 'transcript', status: 'ready', text });
}

const noInputs = (patientId: string) => ({
  transcript: null,
  evidence_ids: [],
  patient_id: patientId,
  user_context: false,
  condensed: false,
});

export async function storeAnamnesisVersion(
  app: App,
  consultation: { id: string; userId: string; patientId: string },
  version: number,
  outcome: { status: 'ready' } | { status: 'failed'; failure: string },
): Promise<string> {
  const templateId = randomUUID();
  const provenance: TAnamnesisProvenance = {
    template: { id: templateId, name: 'Anamnese geral' },
    persona: null,
    prompts: [],
    model: null,
    inputs: noInputs(consultation.patientId),
    style_preferences: null,
    reviews: [],
  };
  const [row] = await app.db
    .insert(anamnesisVersions)
    .values({
      consultationId: consultation.id,
      userId: consultation.userId,
      version,
      kind: 'generation',
      status: outcome.status,
      templateId,
      templateFields: [],
      failure: outcome.status === 'failed' ? outcome.failure : null,
      provenance,
      finishedAt: new Date(),
    })
    .returning({ id: anamnesisVersions.id });
  return row!.id;
}

/** A document whose generation (version 1) ended as `outcome` says; a ready one is an empty relatório. */
export async function storeDocumentGeneration(
  app: App,
  consultation: { id: string; userId: string; patientId: string },
  kind: TDocumentKind,
  outcome: { status: 'ready' } | { status: 'failed'; failure: string },
): Promise<string> {
  const [document] = await app.db
    .insert(documents)
    .values({
      consultationId: consultation.id,
      userId: consultation.userId,
      kind,
      request: { instructions: null, days: null, include_cid: false },
    })
    .returning({ id: documents.id });
  await app.db.insert(documentVersions).values({
    documentId: document!.id,
    version: 1,
    kind: 'generation',
    status: outcome.status,
    content: outcome.status === 'ready' ? { sections: [] } : null,
    failure: outcome.status === 'failed' ? outcome.failure : null,
    provenance: {
      persona: null,
      prompts: [],
      model: null,
      inputs: { ...noInputs(consultation.patientId), note: null },
    },
    finishedAt: new Date(),
  });
  return document!.id;
}
