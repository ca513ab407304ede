import workletUrl from './capture-worklet.ts?worker&url';
import { rms } from './chunker';
import { createResampler } from './resample';
import { CHUNK_SAMPLE_RATE } from './wav';

export interface CaptureOptions {
  /** A microphone from `listMicrophones`; the system default when absent. */
  deviceId?: string;
  /** Mono samples at 16 kHz, in order, as they are captured. */
  onSamples: (samples: Float32Array) => void;
  /** Loudness (RMS of full scale) of the latest ~40 ms, for the level meter. */
  onLevel: (level: number) => void;
}

export interface Capture {
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Releases the microphone; no samples arrive after it resolves. */
  stop(): Promise<void>;
}

/** Opens the microphone and streams it through an AudioWorklet as 16 kHz mono samples. */
export async function startCapture({ deviceId, onSamples, onLevel }: CaptureOptions): Promise<Capture> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: {
      ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
      channelCount: 1,
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
    },
  });
  const context = new AudioContext();
  try {
    await context.audioWorklet.addModule(workletUrl);
  } catch (error) {
    stream.getTracks().forEach((track) => track.stop());
    await context.close();
    throw error;
  }
  const source = context.createMediaStreamSource(stream);
  const node = new AudioWorkletNode(context, 'escriba-capture', { numberOfOutputs: 1 });
  // Chromium only runs nodes that lead to the destination; the muted gain keeps the room from hearing itself.
  const mute = context.createGain();
  mute.gain.value = 0;
  source.connect(node).connect(mute).connect(context.destination);
  const resample = createResampler(context.sampleRate, CHUNK_SAMPLE_RATE);
  let isStopped = false;
  node.port.onmessage = (event: MessageEvent<Float32Array>) => {
    if (isStopped) return;
    onLevel(rms(event.data));
    onSamples(resample(event.data));
  };

  return {
    pause: () => context.suspend(),
    resume: () => context.resume(),
    async stop() {
      isStopped = true;
      node.port.onmessage = null;
      source.disconnect();
      stream.getTracks().forEach((track) => track.stop());
      await context.close();
    },
  };
}

/** The microphones the browser lists; their names only appear once microphone access was granted. */
export async function listMicrophones(): Promise<MediaDeviceInfo[]> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices.filter((device) => device.kind === 'audioinput' && device.deviceId);
}
