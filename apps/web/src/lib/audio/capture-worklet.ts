// Runs on the audio rendering thread (AudioWorkletGlobalScope): no DOM, no imports of app code.

declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

// 2048 samples: ~43 ms at 48 kHz, so the level meter moves smoothly without a message per 128-sample quantum.
const BATCH = 2048;

/** Mixes the input down to mono and posts it to the page in batches; resampling happens there. */
class CaptureProcessor extends AudioWorkletProcessor {
  private batch = new Float32Array(BATCH);
  private filled = 0;

  process(inputs: Float32Array[][]): boolean {
    const channels = inputs[0] ?? [];
    const length = channels[0]?.length ?? 0;
    for (let index = 0; index < length; index += 1) {
      let sum = 0;
      for (const channel of channels) sum += channel[index]!;
      this.batch[this.filled++] = sum / channels.length;
      if (this.filled === BATCH) {
        this.port.postMessage(this.batch, [this.batch.buffer]);
        this.batch = new Float32Array(BATCH);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('escriba-capture', CaptureProcessor);
