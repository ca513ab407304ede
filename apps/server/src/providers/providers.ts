import type { TTranscriptionMode, TWhisperSize } from '@escriba/contract';
import type { Config } from '../config';
import type { AsrProvider } from './asr/asr-provider';
import { createAsrProvider } from './asr/create-asr-provider';
import { RealtimeTranscription } from './asr/realtime-transcription';
import { createLlmProvider } from './llm/create-llm-provider';
import type { LlmProvider } from './llm/llm-provider';

/** The AI providers, made once from the configuration; undefined where not configured. */
export interface Providers {
  llm: LlmProvider | undefined;
  /** The speech-to-text provider of a transcription mode (and faster-whisper model size). */
  asr(mode: TTranscriptionMode, whisperSize: TWhisperSize | null): AsrProvider | undefined;
  /** The streaming provider chunks go to first (TRANSCRIPTION_MODE=realtime); batch takes what it cannot. */
  realtime: RealtimeTranscription | undefined;
}

export function createProviders(config: Config): Providers {
  const asrByMode = new Map<string, AsrProvider | undefined>();
  return {
    llm: createLlmProvider(config.llm),
    realtime: config.transcription.realtime && new RealtimeTranscription(config.transcription.realtime),
    asr(mode, whisperSize) {
      const key = `${mode}:${whisperSize ?? ''}`;
      if (!asrByMode.has(key)) asrByMode.set(key, createAsrProvider(config.transcription, mode, whisperSize));
      return asrByMode.get(key);
    },
  };
}
