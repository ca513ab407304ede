/** One stretch of speech as the provider returns it, times in seconds from the start of the chunk. */
export interface AsrSegment {
  start: number;
  end: number;
  text: string;
  avgLogprob?: number;
  noSpeechProb?: number;
  compressionRatio?: number;
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
 * Why a provider could not transcribe: `unavailable` (network, timeout, 429, 5xx or refused; worth
 * retrying later) or `model_missing` (a faster-whisper server that has not downloaded the model).
 * The message is in Portuguese and safe to show the professional.
 */
export class AsrError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'model_missing',
    message: string,
  ) {
    super(message);
  }
}
