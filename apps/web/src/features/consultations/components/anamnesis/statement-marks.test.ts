import type { TStatement } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { markedPieces } from './statement-marks';

const NONE = { transcript: [], evidence: [], user_context: false };
const statement = (text: string, status: TStatement['status']): TStatement => ({
  text,
  sources: NONE,
  status,
  reason: status === 'unverified' ? '138x88 na fonte, 150x100 na nota' : null,
});

describe('markedPieces', () => {
  it('marks the unverified statements where they sit in the text, list markers and line breaks kept', () => {
    const pressure = statement('PA 150x100 mmHg.', 'unverified');
    const dose = statement('Dipirona 50 mg', 'unverified');
    expect(
      markedPieces('Cefaleia. PA 150x100 mmHg. Nega febre.\n- Dipirona 50 mg\n- Losartana 50 mg', [
        statement('Cefaleia.', 'verified'),
        pressure,
        statement('Nega febre.', 'confirmed'),
        dose,
        statement('Losartana 50 mg', 'verified'),
      ]),
    ).toEqual([
      { text: 'Cefaleia. ' },
      { text: 'PA 150x100 mmHg.', mark: pressure },
      { text: ' Nega febre.\n- ' },
      { text: 'Dipirona 50 mg', mark: dose },
      { text: '\n- Losartana 50 mg' },
    ]);
  });

  it('leaves the text whole when a statement is not found in it', () => {
    expect(markedPieces('Texto editado.', [statement('Outro texto.', 'unverified')])).toEqual([
      { text: 'Texto editado.' },
    ]);
  });
});
