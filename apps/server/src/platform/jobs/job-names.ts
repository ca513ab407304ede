/** Every durable job, by name, with the data it carries. */
export interface JobPayloads {
  /** Transcribe one accepted audio chunk. */
  'transcribe-chunk': {
    consultationId: string;
    seq: number;
    /** Where its audio is stored (jobs queued before the key travelled with them look it up). */
    audioKey?: string;
    attempt?: number;
    refusals?: number;
  };
  /** Store the full transcript once a stopped recording's chunks are all transcribed. */
  'finish-transcript': { consultationId: string };
  /** Label who said the transcript's segments that no provider voice labels, with the chat model. */
  'label-speakers': { consultationId: string };
  /** Extract the text (and image renditions) of an evidence file. */
  'read-evidence': { evidenceId: string };
  /**
   * Remove a deleted evidence's files, or without `evidenceId` a deleted consultation's whole folder, when
   * removing them right away failed. The queue keeps its first name: it is stored and shown to administrators.
   */
  'remove-evidence-files': { consultationId: string; evidenceId?: string };
  /** Remove the audio of transcribed chunks, once their text is in the stored transcript (AUDIO_RETENTION=delete). */
  'remove-audio': { keys: string[] };
  /** Draft a consultation's anamnesis (or one field of it) with the chat model. */
  'generate-anamnesis': { anamnesisId: string };
  /** Draft a document of a visit (receita, atestado…) with the chat model: its generating version. */
  'generate-document': { documentVersionId: string };
  /** Derive a professional's writing preferences from her edits of the assistant's text. */
  'learn-style': { userId: string };
}

export type JobName = keyof JobPayloads;

export const JOB_NAMES: readonly JobName[] = [
  'transcribe-chunk',
  'finish-transcript',
  'label-speakers',
  'read-evidence',
  'remove-evidence-files',
  'remove-audio',
  'generate-anamnesis',
  'generate-document',
  'learn-style',
];
