import type { TWhisperSize } from '@escriba/contract';

/**
 * The faster-whisper model id for a size: Systran's CTranslate2 conversions, except large-v3-turbo,
 * which Systran does not publish. `overrides` (WHISPER_MODELS) replaces any of them.
 */
export function whisperModelId(size: TWhisperSize, overrides: Record<string, string>): string {
  const override = overrides[size];
  if (override) return override;
  return size === 'large-v3-turbo' ? 'mobiuslabsgmbh/faster-whisper-large-v3-turbo' : `Systran/faster-whisper-${size}`;
}
