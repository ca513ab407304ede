/** Every durable job, by name, with the data it carries. */
export interface JobPayloads {
  /** Transcribe one accepted audio chunk. */
  'transcribe-chunk': { consultationId: string; seq: number; attempt?: number; refusals?: number };
  /** Store the full transcript once a stopped recording's chunks are all transcribed. */
  'finish-transcript': { consultationId: string };
}

export type JobName = keyof JobPayloads;

export const JOB_NAMES: readonly JobName[] = ['transcribe-chunk', 'finish-transcript'];
