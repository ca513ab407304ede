import { PATIENT_SEX_LABELS, type TGenerationInputs, type TTypedInput } from '@escriba/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { findEarlierNotes, readEarlierNotes } from '../anamnesis/earlier-notes';
import { unsureNumbersOf } from '../evidences/reading-review';
import { consultations, evidences, evidenceVersions, patients } from '../../db/schema/index';
import { toPatientSummary } from '../patients/patient-view';
import { failedChunkMarker, placeUnlinedText, transcriptLines } from '../transcription/chunk-timeline';
import { readSegmentedChunks, segmenter } from '../transcription/transcript-segments';
import type { EarlierInput, EvidenceInput, TranscriptSegment } from './source-labels';

/** A line of the transcript as the model reads it: a labelled segment, or text with no place in the recording. */
export type TranscriptLine = { segment: TranscriptSegment } | { text: string };

/** Everything a note or a document is drafted from, read from what its provenance names. */
export interface GenerationInputs {
  patient: string;
  userContext: string;
  transcript: TranscriptLine[];
  evidence: EvidenceInput[];
  /** The patient's earlier concluded consultations' notes, newest first. */
  earlier: EarlierInput[];
  /** The consultation's title and chief complaint and the patient's notes, those that were filled. */
  typed: TypedInputs;
}

export type TypedInputs = Partial<Record<TTypedInput, string>>;

/** The ids a new generation's provenance records: what its job will read. */
export async function currentInputs(
  db: Database,
  consultationId: string,
): Promise<Omit<TGenerationInputs, 'condensed'>> {
  const [consultation] = await db.select().from(consultations).where(eq(consultations.id, consultationId));
  if (!consultation) throw new Error(`No consultation ${consultationId}`);
  const rows = await db
    .select({ id: evidences.id, kind: evidences.kind, version: evidences.version })
    .from(evidences)
    .where(and(eq(evidences.consultationId, consultationId), eq(evidences.status, 'ready')))
    .orderBy(asc(evidences.createdAt), asc(evidences.id));
  const transcript = rows.find((row) => row.kind === 'transcript');
  const [patient] = await db
    .select({ notes: patients.notes })
    .from(patients)
    .where(eq(patients.id, consultation.patientId));
  const typed = filled({
    title: consultation.title,
    chief_complaint: consultation.chiefComplaint,
    patient_notes: patient?.notes ?? null,
  });
  return {
    transcript: transcript ? { evidence_id: transcript.id, version: transcript.version } : null,
    evidence_ids: rows.filter((row) => row.kind === 'file').map((row) => row.id),
    patient_id: consultation.patientId,
    user_context: consultation.userContext.trim() !== '',
    earlier_consultations: await findEarlierNotes(db, consultationId),
    ...(Object.keys(typed).length > 0 ? { typed } : {}),
  };
}

/**
 * The typed inputs that say something, trimmed. Only these: the record's other fields (CPF, phone, address, health
 * plan) are not clinical, and the model is given no more personal data than the note needs.
 */
function filled(texts: Record<TTypedInput, string | null>): TypedInputs {
  return Object.fromEntries(
    Object.entries(texts).flatMap(([input, text]) => (text?.trim() ? [[input, text.trim()]] : [])),
  );
}

export async function readGenerationInputs(
  db: Database,
  consultationId: string,
  inputs: TGenerationInputs,
): Promise<GenerationInputs> {
  const [consultation] = await db.select().from(consultations).where(eq(consultations.id, consultationId));
  const [patient] = await db.select().from(patients).where(eq(patients.id, inputs.patient_id));
  if (!consultation || !patient) throw new Error(`No consultation ${consultationId} or its patient`);
  return {
    patient: describePatient(toPatientSummary(patient)),
    userContext: inputs.user_context ? consultation.userContext.trim() : '',
    transcript: await readTranscript(db, consultationId, inputs.transcript),
    evidence: await readEvidence(db, inputs.evidence_ids),
    earlier: await readEarlier(db, inputs.earlier_consultations ?? []),
    // As the provenance recorded them: the header and the record may have been edited since.
    typed: inputs.typed ?? {},
  };
}

async function readEarlier(
  db: Database,
  refs: NonNullable<TGenerationInputs['earlier_consultations']>,
): Promise<EarlierInput[]> {
  const ids = refs.map((ref) => ref.consultation_id);
  // Numbered by their place among the recorded ones, as evidence files are.
  return (await readEarlierNotes(db, refs)).map((note) => ({ ...note, number: ids.indexOf(note.id) + 1 }));
}

function describePatient(patient: ReturnType<typeof toPatientSummary>): string {
  const age = patient.age === null ? 'não informada' : `${patient.age} ${patient.age === 1 ? 'ano' : 'anos'}`;
  const sex = patient.sex ? PATIENT_SEX_LABELS[patient.sex] : 'não informado';
  return `Nome: ${patient.social_name ?? patient.name}\nIdade: ${age}\nSexo: ${sex}`;
}

/**
 * The recorded segments, each labelled with its chunk, its own times and who said it. The transcript version the
 * note is drafted from wins where it differs: its lines keep their places (corrected one by one, or word by word in
 * the whole text) and the professional's speakers; a whole-text correction that changed the lines is given whole
 * without labels, so those fields cite no times.
 */
async function readTranscript(
  db: Database,
  consultationId: string,
  stored: TGenerationInputs['transcript'],
): Promise<TranscriptLine[]> {
  const chunks = await readSegmentedChunks(db, consultationId);
  const [version] = stored
    ? await db
        .select({ text: evidenceVersions.text, lines: evidenceVersions.lines })
        .from(evidenceVersions)
        .where(and(eq(evidenceVersions.evidenceId, stored.evidence_id), eq(evidenceVersions.version, stored.version)))
    : [];
  const lines = version && (version.lines ?? placeUnlinedText(version.text, transcriptLines(chunks)));
  if (version && !lines) return [{ text: nonEmptyLines(version.text) }];
  const segmentsOf = segmenter(chunks, lines ?? null);
  // Chunks recorded after this version keep their own text; a failed chunk's line marks its place.
  return chunks.flatMap((chunk): TranscriptLine[] =>
    chunk.status === 'failed'
      ? [{ text: lines?.find((line) => line.seq === chunk.seq)?.text ?? failedChunkMarker(chunk) }]
      : segmentsOf(chunk)
          .filter((segment) => segment.text)
          .map(({ seq, start, end, text, speaker }) => ({ segment: { seq, start, end, text, speaker } })),
  );
}

const nonEmptyLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim())
    .join('\n');

async function readEvidence(db: Database, ids: string[]): Promise<EvidenceInput[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(evidences)
    .where(and(inArray(evidences.id, ids), eq(evidences.status, 'ready')))
    .orderBy(asc(evidences.createdAt), asc(evidences.id));
  // Numbered by their place among the recorded ids, so a file deleted since leaves no renumbering behind.
  return rows.map((row) => ({
    number: ids.indexOf(row.id) + 1,
    evidenceId: row.id,
    fileName: row.fileName,
    text: row.text ?? '',
    pages: row.pages?.length ? row.pages.map(({ page, text }) => ({ page, text })) : null,
    ...(row.readingReview?.lowConfidence && { unsureShare: row.readingReview.unsureShare }),
    unsureNumbers: unsureNumbersOf(row),
  }));
}
