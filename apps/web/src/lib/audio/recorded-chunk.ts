/** A chunk to send, with what the recorder's voice activity detector found (the upload's `speech` and `silence_ms`). */
export interface RecordedChunk {
  samples: Float32Array;
  /** The detector heard speech in it; absent when the detector did not run (the server's gate decides). */
  isSpeech?: true;
  /** Milliseconds of silence heard and not sent just before it. */
  silenceMs?: number;
}

export interface RecordingChunker {
  /** Adds captured 16 kHz samples; chunks they complete reach `onChunk`, in order. */
  push(samples: Float32Array): void;
  /** Sends what was gathered (the recording paused or stopped) once every window before it was read. */
  flush(): Promise<void>;
}

/** Told of the chunk being gathered while it grows (the recorder's live audio, issue 34). */
export interface GatheringListener {
  /** Speech began `start` seconds after the chunker started: a chunk is being gathered. */
  began(start: number): void;
  /** Audio of the chunk being gathered, in order. */
  audio(samples: Float32Array): void;
  /** The chunk being gathered was cut: sent to `onChunk`, or dropped as a cough. */
  cut(): void;
}
