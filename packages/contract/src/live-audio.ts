import { z } from 'zod';

/**
 * The recorder's live audio (issue 34, TRANSCRIPTION_MODE=realtime): while it gathers a chunk it streams the
 * chunk's audio to /v1/ws/user/{userId}/token/{streamToken}/consultations/{consultationId}/audio, so its words
 * show while they are spoken. Text frames are these messages; binary frames are the audio that follows an
 * `utterance` message: mono 16-bit little-endian PCM at LIVE_AUDIO_SAMPLE_RATE. Nothing streamed is stored: the
 * chunk uploaded as `seq` is, and its final text replaces the words shown.
 */
export const ZLiveAudioMessage = z.discriminatedUnion('type', [
  // The audio that follows belongs to the chunk that will be uploaded as `seq`, starting `start` seconds into
  // the recording.
  z.object({ type: z.literal('utterance'), seq: z.number().int().min(0), start: z.number().min(0) }),
  // That chunk was cut: no more audio of it follows.
  z.object({ type: z.literal('utterance_end'), seq: z.number().int().min(0) }),
]);
export type TLiveAudioMessage = z.infer<typeof ZLiveAudioMessage>;

export const LIVE_AUDIO_SAMPLE_RATE = 16_000;

/** Why the server closed the live audio socket: the recorder stops streaming for this recording. */
export const LIVE_AUDIO_CLOSE_CODES = {
  /** The server transcribes by batch (no streaming provider): there is nothing to stream to. */
  unavailable: 4503,
  /** Not one of this professional's consultations. */
  notFound: 4404,
} as const;
