import { describe, expect, it } from 'vitest';
import type { StoredSegment } from '../../db/schema/index';
import { placeChunks } from './chunk-timeline';
import { segmentLines, segmenter, voiceRoles, type SegmentedChunk } from './transcript-segments';

function chunks(...segmentsPerChunk: (StoredSegment[] | 'failed')[]): SegmentedChunk[] {
  return placeChunks(
    segmentsPerChunk.map((segments, seq) =>
      segments === 'failed'
        ? { seq, status: 'failed' as const, duration: 4, text: null, failure: 'recusado', segments: null }
        : {
            seq,
            status: 'done' as const,
            duration: 4,
            text: segments.map((segment) => segment.text).join(' '),
            failure: null,
            segments,
          },
    ),
  );
}

describe('transcript segments', () => {
  it('gives voices roles in the order they are first heard, the same in every chunk; a fourth voice is unknown', () => {
    const recorded = chunks(
      [{ start: 0, end: 1, text: 'Bom dia.', speakerId: 'B' }],
      [
        { start: 0, end: 1, text: 'Bom dia, doutora.', speakerId: 'A' },
        { start: 1, end: 2, text: 'Sou o marido.', speakerId: 'C' },
        { start: 2, end: 3, text: 'Licença.', speakerId: 'D' },
        { start: 3, end: 4, text: 'Pode sentar.', speakerId: 'B' },
      ],
    );
    expect([...voiceRoles(recorded)]).toEqual([
      ['B', 'profissional'],
      ['A', 'paciente'],
      ['C', 'acompanhante'],
      ['D', 'desconhecido'],
    ]);
    expect(recorded.flatMap(segmenter(recorded, null)).map(({ speaker }) => speaker)).toEqual([
      'profissional',
      'paciente',
      'acompanhante',
      'desconhecido',
      'profissional',
    ]);
  });

  it('times each segment from the start of the recording, within its chunk, the last to the chunk’s end', () => {
    const recorded = chunks(
      [{ start: 0, end: 4, text: 'Primeiro trecho.' }],
      [
        { start: 0.5, end: 2, text: 'Onde dói?', speaker: 'profissional' },
        { start: 2, end: 3, text: 'Na nuca.' },
      ],
    );
    expect(recorded.flatMap(segmenter(recorded, null)).slice(1)).toEqual([
      { seq: 1, index: 0, start: 4.5, end: 6, text: 'Onde dói?', speaker: 'profissional' },
      { seq: 1, index: 1, start: 6, end: 8, text: 'Na nuca.', speaker: 'desconhecido' },
    ]);
  });

  it('lets a version’s lines win: her text and speaker per segment, or a whole chunk for a line without index', () => {
    const recorded = chunks(
      [
        { start: 0, end: 1, text: 'Bom dia.', speaker: 'profissional' },
        { start: 1, end: 2, text: 'Dor.', speaker: 'profissional' },
      ],
      [
        { start: 0, end: 1, text: 'Febre?' },
        { start: 1, end: 2, text: 'Não.' },
      ],
      [],
      'failed',
    );
    const shown = recorded.flatMap(
      segmenter(recorded, [
        { seq: 0, index: 0, text: 'Bom dia.' },
        { seq: 0, index: 1, text: 'Dor de cabeça.', speaker: 'paciente' },
        { seq: 1, text: 'Febre? Não.' },
      ]),
    );
    expect(shown.map(({ seq, index, start, end, text, speaker }) => [seq, index, start, end, text, speaker])).toEqual([
      [0, 0, 0, 1, 'Bom dia.', 'profissional'],
      [0, 1, 1, 4, 'Dor de cabeça.', 'paciente'],
      [1, 0, 4, 8, 'Febre? Não.', 'desconhecido'],
      [2, 0, 8, 12, '', 'desconhecido'],
    ]);
  });

  it('stores a new version one line per segment with words, a failed chunk’s place marked', () => {
    const recorded = chunks(
      [
        { start: 0, end: 1, text: 'Bom dia.' },
        { start: 1, end: 2, text: 'Dor.' },
      ],
      [],
      'failed',
    );
    expect(segmentLines(recorded)).toEqual([
      { seq: 0, index: 0, text: 'Bom dia.' },
      { seq: 0, index: 1, text: 'Dor.' },
      { seq: 2, index: 0, text: '[trecho 2 (00:08–00:12) não transcrito]' },
    ]);
  });
});
