import type { TStatement } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { editedStatements } from './edited-statements';

const cited = (seq: number) => ({ transcript: [{ seq, start: seq, end: seq + 1 }], evidence: [], user_context: false });
const statement = (text: string, seq: number, status: TStatement['status'] = 'verified'): TStatement => ({
  text,
  sources: cited(seq),
  status,
  reason: status === 'unverified' ? '138x88 na fonte, 150x100 na nota' : null,
});

describe('editedStatements', () => {
  const before = [
    statement('Cefaleia há 3 semanas.', 2),
    statement('PA 150x100 mmHg.', 20, 'unverified'),
    statement('Nega febre.', 12),
  ];

  it('makes a changed sentence hers, with the sources of the one it replaced, and keeps the others', () => {
    expect(editedStatements(before, 'Cefaleia há 3 semanas. PA 138x88 mmHg. Nega febre.')).toEqual({
      statements: [before[0], { ...statement('PA 138x88 mmHg.', 20), status: 'confirmed' }, before[2]],
      written: ['PA 138x88 mmHg.'],
    });
  });

  it('a sentence added has no sources; one removed is gone', () => {
    const { statements, written } = editedStatements(before, 'Cefaleia há 3 semanas. Nega febre. Sono ruim.');
    expect(statements.map((each) => [each.text, each.status, each.sources.transcript.length])).toEqual([
      ['Cefaleia há 3 semanas.', 'verified', 1],
      ['Nega febre.', 'verified', 1],
      ['Sono ruim.', 'confirmed', 0],
    ]);
    expect(written).toEqual(['Sono ruim.']);
  });

  it('"Não informado" and an empty text have no statements', () => {
    expect(editedStatements(before, 'Não informado')).toEqual({ statements: [], written: [] });
    expect(editedStatements(before, '  ')).toEqual({ statements: [], written: [] });
  });
});
