/** One stretch of speech as the provider returns it, times in seconds from the start of the chunk. */
export interface AsrSegment {
  start: number;
  end: number;
  text: string;
  avgLogprob?: number;
  noSpeechProb?: number;
  compressionRatio?: number;
  /** The voice, when the provider tells speakers apart (diarizing servers, OpenAI's diarized_json). */
  speaker?: string;
}

export interface AsrResult {
  text: string;
  segments: AsrSegment[];
}

export interface AsrAudio {
  data: Buffer;
  fileName: string;
  contentType: string;
}

/** Speech to text for one independently decodable audio file. */
export interface AsrProvider {
  transcribe(audio: AsrAudio): Promise<AsrResult>;
}

/**
 * Why a provider could not transcribe. Worth retrying later, the audio kept: `unavailable` (network,
 * timeout, 408, 429, 5xx), `key_refused` (401/403: the configured key) and `model_missing` (a
 * faster-whisper server that has not downloaded the model). `audio_refused` (400, 413, 415, 422): the
 * provider cannot take this chunk's audio, so retrying it only helps against a passing glitch.
 * The message is in Portuguese and safe to show the professional.
 */
export class AsrError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'key_refused' | 'model_missing' | 'audio_refused',
    message: string,
  ) {
    super(message);
  }
}
