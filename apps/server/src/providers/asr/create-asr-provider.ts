import type { TTranscriptionMode, TWhisperSize } from '@escriba/contract';
import type { TranscriptionConfig } from '../../config';
import type { AsrProvider } from './asr-provider';
import { OpenAiCompatibleAsr } from './openai-compatible-asr';
import { whisperModelId } from './whisper-models';

/** The provider for a consultation's mode, or undefined when that mode is not configured. */
export function createAsrProvider(
  config: TranscriptionConfig,
  mode: TTranscriptionMode,
  whisperSize: TWhisperSize | null,
): AsrProvider | undefined {
  if (mode === 'faster-whisper') {
    const { url, apiKey, models } = config.whisper;
    if (!url) return undefined;
    return new OpenAiCompatibleAsr({
      baseUrl: url,
      apiKey,
      model: whisperModelId(whisperSize ?? DEFAULT_WHISPER_SIZE, models),
      timeoutMs: config.timeoutMs,
      label: 'O servidor faster-whisper',
      isModelDownloadedOnDemand: true,
      apiKeyVariable: 'WHISPER_API_KEY',
    });
  }
  const { url, apiKey, model } = config.cloud;
  if (!url) return undefined;
  return new OpenAiCompatibleAsr({
    baseUrl: url,
    apiKey,
    model,
    timeoutMs: config.timeoutMs,
    label: 'O serviço de transcrição',
    isModelDownloadedOnDemand: false,
    apiKeyVariable: 'TRANSCRIPTION_API_KEY',
  });
}

/** The size used until the professional picks one: the fast large model, good in Portuguese. */
export const DEFAULT_WHISPER_SIZE: TWhisperSize = 'large-v3-turbo';

/** The mode a consultation uses before one is chosen: whichever provider is configured, faster-whisper first. */
export function defaultTranscriptionMode(config: TranscriptionConfig): TTranscriptionMode {
  return !config.whisper.url && config.cloud.url ? 'cloud' : 'faster-whisper';
}
