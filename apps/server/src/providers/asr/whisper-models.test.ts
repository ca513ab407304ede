import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { whisperModelId } from './whisper-models';

describe('whisperModelId', () => {
  it('maps sizes to the faster-whisper conversions, large-v3-turbo to the one Systran does not publish', () => {
    expect(whisperModelId('small', {})).toBe('Systran/faster-whisper-small');
    expect(whisperModelId('large-v3', {})).toBe('Systran/faster-whisper-large-v3');
    expect(whisperModelId('large-v3-turbo', {})).toBe('mobiuslabsgmbh/faster-whisper-large-v3-turbo');
  });

  it('takes overrides from WHISPER_MODELS and refuses a malformed list naming the variable', () => {
    const { models } = loadConfig({ WHISPER_MODELS: 'large-v3=deepdml/faster-whisper-large-v3,small=org/pt-small' })
      .transcription.whisper;
    expect(whisperModelId('large-v3', models)).toBe('deepdml/faster-whisper-large-v3');
    expect(whisperModelId('small', models)).toBe('org/pt-small');
    expect(whisperModelId('medium', models)).toBe('Systran/faster-whisper-medium');
    expect(() => loadConfig({ WHISPER_MODELS: 'large-v3' })).toThrow(ConfigError);
    expect(() => loadConfig({ WHISPER_MODELS: 'large-v3' })).toThrow(/WHISPER_MODELS/);
    expect(() => loadConfig({ AUDIO_RETENTION: 'sometimes' })).toThrow(/AUDIO_RETENTION/);
  });
});
