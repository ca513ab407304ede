import type {
  TAnamnesisVersion,
  TConsultation,
  TDiagnosis,
  TDocument,
  TEvidence,
  TPatient,
  TTranscriptEvidence,
} from '@escriba/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  anamnesisVersions,
  consultations,
  evidences,
  evidenceVersions,
  transcriptChunks,
} from '../../../db/schema/index';
import { shownNumberColumn } from '../../anamnesis/anamnesis-store';
import { toAnamnesisVersion } from '../../anamnesis/anamnesis-view';
import { toConsultationView } from '../../consultations/consultation-view';
import { listDiagnoses } from '../../diagnoses/diagnoses-store';
import { documentsWithLatest, signaturesOf, versionsOf } from '../../documents/document-store';
import { toDocument } from '../../documents/document-view';
import { toEvidence } from '../../evidences/evidence-view';
import { readTranscriptEvidence } from '../../transcription/transcript-evidence';
import { findPatientRow } from '../get-patient';
import { toPatientView } from '../patient-view';

/** A stored file to copy into the archive: where it is in storage and where it goes in the archive. */
export interface ExportedFile {
  storageKey: string;
  path: string;
}

/** A file evidence: as listed, with every text it has had. */
export type ExportedEvidence = TEvidence & {
  archive_path: string | null;
  versions: { version: number; source: string; text: string; author_id: string | null; created_at: string }[];
};

/** One consultation and everything attached to it, in the API's own shapes where it has them. */
export interface ExportedConsultation {
  folder: string;
  consultation: Omit<TConsultation, 'patient'> & { patient_id: string };
  transcript: TTranscriptEvidence | null;
  /** Every version of the note, oldest first. */
  anamnesis: TAnamnesisVersion[];
  diagnoses: TDiagnosis[];
  /** As the API shows them (the latest content), with every version's content. */
  documents: (TDocument & { version_contents: { version: number; content: unknown }[] })[];
  evidences: ExportedEvidence[];
  /** The recording's audio chunks still kept (AUDIO_RETENTION=keep, or not transcribed). */
  audio: { seq: number; content_type: string; archive_path: string }[];
}

export interface PatientExport {
  patient: TPatient;
  consultations: ExportedConsultation[];
  files: ExportedFile[];
}

/**
 * Everything the professional keeps about one of her patients (404 for anyone else's), read in one repeatable-read
 * transaction so the archive is one consistent picture; the stored files are only named here, to be streamed.
 */
export function readPatientExport(db: Database, userId: string, patientId: string): Promise<PatientExport> {
  return db.transaction(
    async (tx) => {
      const patient = toPatientView(await findPatientRow(tx, userId, patientId));
      const rows = await tx
        .select()
        .from(consultations)
        .where(and(eq(consultations.userId, userId), eq(consultations.patientId, patientId)))
        .orderBy(asc(consultations.createdAt), asc(consultations.id));
      const files: ExportedFile[] = [];
      const exported: ExportedConsultation[] = [];
      for (const row of rows) exported.push(await readConsultation(tx, row, files));
      return { patient, consultations: exported, files };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function readConsultation(
  db: Database,
  row: typeof consultations.$inferSelect,
  files: ExportedFile[],
): Promise<ExportedConsultation> {
  const folder = `consultas/${row.createdAt.toISOString().slice(0, 10)}_${row.id.slice(0, 8)}`;
  const { patient, ...consultation } = await toConsultationView(db, row);
  const evidenceRows = await db
    .select()
    .from(evidences)
    .where(eq(evidences.consultationId, row.id))
    .orderBy(asc(evidences.createdAt), asc(evidences.id));
  const exportedEvidences: ExportedEvidence[] = [];
  for (const evidence of evidenceRows.filter((each) => each.kind === 'file')) {
    const versions = await db
      .select()
      .from(evidenceVersions)
      .where(eq(evidenceVersions.evidenceId, evidence.id))
      .orderBy(asc(evidenceVersions.version));
    const path = evidence.storageKey ? `${folder}/evidencias/${evidence.id}/${evidence.fileName ?? 'arquivo'}` : null;
    if (evidence.storageKey && path) files.push({ storageKey: evidence.storageKey, path });
    exportedEvidences.push({
      ...toEvidence(evidence),
      archive_path: path,
      versions: versions.map((each) => ({
        version: each.version,
        source: each.source,
        text: each.text,
        author_id: each.authorId,
        created_at: each.createdAt.toISOString(),
      })),
    });
  }
  const chunks = await db
    .select()
    .from(transcriptChunks)
    .where(and(eq(transcriptChunks.consultationId, row.id), isNotNull(transcriptChunks.audioKey)))
    .orderBy(asc(transcriptChunks.seq));
  const audio = chunks.map((chunk) => {
    const path = `${folder}/audio/${chunk.audioKey!.split('/').pop()!}`;
    files.push({ storageKey: chunk.audioKey!, path });
    return { seq: chunk.seq, content_type: chunk.contentType, archive_path: path };
  });
  const notes = await db
    .select({ row: anamnesisVersions, number: shownNumberColumn })
    .from(anamnesisVersions)
    .where(eq(anamnesisVersions.consultationId, row.id))
    .orderBy(asc(anamnesisVersions.version));
  const documents: ExportedConsultation['documents'] = [];
  for (const { document } of await documentsWithLatest(db, row.id)) {
    const versions = await versionsOf(db, document.id);
    const contents = versions.map(({ version, content }) => ({ version, content }));
    documents.push({
      ...toDocument(document, versions, await signaturesOf(db, document.id)),
      version_contents: contents,
    });
  }
  return {
    folder,
    consultation: { ...consultation, patient_id: patient.id },
    transcript: evidenceRows.some((each) => each.kind === 'transcript')
      ? await readTranscriptEvidence(db, row.id)
      : null,
    anamnesis: notes.map((note) => toAnamnesisVersion(note.row, note.number)),
    diagnoses: await listDiagnoses(db, row.id),
    documents,
    evidences: exportedEvidences,
    audio,
  };
}
