import { describe, expect, it } from 'vitest';
import { cleanSegments, cutRepetitions, isFlaggedLoop, isProbableNonSpeech } from './clean-segments';

// Segments as faster-whisper returns them in verbose_json, from Portuguese recordings.
const speech = { start: 0, end: 3.2, avgLogprob: -0.31, noSpeechProb: 0.02, compressionRatio: 1.2 };

describe('transcript cleaning', () => {
  it('drops what the provider marks as probable non-speech (no_speech_prob > 0.6 with avg_logprob < -1)', () => {
    // Whisper's best-known invention on a silent Portuguese stretch: subtitle credits from its training data.
    const credits = { ...speech, text: 'Legendas pela comunidade Amara.org', noSpeechProb: 0.83, avgLogprob: -1.42 };
    expect(isProbableNonSpeech(credits)).toBe(true);
    // A quiet but confident "Sim." is speech: faster-whisper keeps it too.
    const quietYes = { ...speech, text: 'Sim.', noSpeechProb: 0.71, avgLogprob: -0.45 };
    expect(isProbableNonSpeech(quietYes)).toBe(false);
    expect(cleanSegments([credits, quietYes]).map((segment) => segment.text)).toEqual(['Sim.']);
  });

  it('flags a segment whose text compresses like a loop (compression_ratio > 2.4) and keeps one of its repeats', () => {
    const loop = {
      ...speech,
      text: 'Obrigado. Obrigado. Obrigado. Obrigado. Obrigado. Obrigado. Obrigado.',
      compressionRatio: 3.08,
    };
    expect(isFlaggedLoop(loop)).toBe(true);
    expect(isFlaggedLoop({ ...speech, text: 'Bom dia.' })).toBe(false);
    expect(cleanSegments([loop]).map((segment) => segment.text)).toEqual(['Obrigado.']);
  });

  it('cuts phrases repeated back to back more than twice, keeping the speech around them', () => {
    expect(
      cutRepetitions(
        'A dor começou ontem e eu tomei dipirona, eu tomei dipirona, eu tomei dipirona, eu tomei dipirona e melhorou.',
        2,
      ),
    ).toBe('A dor começou ontem e eu tomei dipirona, e melhorou.');
    // People do say things twice.
    expect(cutRepetitions('Não, não, doutora, foi só uma vez.', 2)).toBe('Não, não, doutora, foi só uma vez.');
    expect(cutRepetitions('Não, não, doutora.', 1)).toBe('Não, doutora.');
  });

  it('drops a segment that only repeats the one before it', () => {
    const segments = ['Tudo bem?', 'Tudo bem?', 'Tudo bem?', 'Estou com tosse.'].map((text, index) => ({
      ...speech,
      start: index,
      end: index + 1,
      text,
    }));
    expect(cleanSegments(segments).map((segment) => segment.text)).toEqual(['Tudo bem?', 'Estou com tosse.']);
  });
});
