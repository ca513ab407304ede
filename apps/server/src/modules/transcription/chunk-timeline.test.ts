import { describe, expect, it } from 'vitest';
import { joinLines, placeChunks, toFailedChunk, transcriptLines } from './chunk-timeline';

const chunk = (seq: number, status: 'pending' | 'done' | 'failed', duration: number | null, text: string | null) => ({
  seq,
  status,
  duration,
  text,
  failure: status === 'failed' ? 'O servidor faster-whisper recusou o áudio (400)' : null,
});

describe('chunk timeline', () => {
  it('places each chunk where the ones before it end, and marks a failed one in the text at its place', () => {
    const placed = placeChunks([
      chunk(0, 'done', 21.5, 'Bom dia.'),
      chunk(1, 'failed', 7.25, null),
      chunk(2, 'done', 6, ''),
      chunk(3, 'done', 5, 'Dor de cabeça.'),
    ]);
    expect(placed.map(({ start, end }) => [start, end])).toEqual([
      [0, 21.5],
      [21.5, 28.75],
      [28.75, 34.75],
      [34.75, 39.75],
    ]);
    expect(joinLines(transcriptLines(placed))).toBe(
      'Bom dia.\n[trecho 1 (00:21–00:28) não transcrito]\nDor de cabeça.',
    );
    expect(toFailedChunk(placed[1]!)).toEqual({
      seq: 1,
      start: 21.5,
      end: 28.75,
      reason: 'O servidor faster-whisper recusou o áudio (400)',
    });
  });

  it('starts a chunk after the silence the recorder heard and did not send before it (issue 34)', () => {
    const placed = placeChunks([
      { ...chunk(0, 'done', 4, 'Bom dia.'), silenceBefore: 1.5 },
      { ...chunk(1, 'done', 3, 'Dor de cabeça.'), silenceBefore: 0 },
      { ...chunk(2, 'failed', 2, null), silenceBefore: 10 },
    ]);
    expect(placed.map(({ start, end }) => [start, end])).toEqual([
      [1.5, 5.5],
      [5.5, 8.5],
      [18.5, 20.5],
    ]);
  });

  it('gives an undecodable chunk only its start, and hours past the first hour', () => {
    const placed = placeChunks([chunk(0, 'done', 3725, 'Longa consulta.'), chunk(1, 'failed', null, null)]);
    expect(toFailedChunk(placed[1]!).end).toBeNull();
    expect(joinLines(transcriptLines(placed))).toBe('Longa consulta.\n[trecho 1 (a partir de 1:02:05) não transcrito]');
  });
});
