import { describe, expect, it } from 'vitest';
import { documentLiveEffect } from './document-live';

const CONSULTATION = '0c6f6a3e-6f1e-4c1e-9a56-1d2f3a4b5c60';
const DOCUMENT = '0c6f6a3e-6f1e-4c1e-9a56-1d2f3a4b5c61';
const ids = { consultation_id: CONSULTATION, document_id: DOCUMENT, kind: 'receita' as const };

describe('documentLiveEffect', () => {
  it('takes a property of a document of this consultation', () => {
    const items = [{ medication: 'Losartana' }];
    expect(documentLiveEffect({ type: 'anamnesis', ...ids, field_id: 'items', value: items }, CONSULTATION)).toEqual({
      type: 'part',
      documentId: DOCUMENT,
      key: 'items',
      value: items,
    });
  });

  it('reads the document again when it is stored or failed', () => {
    expect(documentLiveEffect({ type: 'end', ...ids }, CONSULTATION)).toEqual({
      type: 'settled',
      documentId: DOCUMENT,
    });
    expect(documentLiveEffect({ type: 'system', status_code: 502, detail: 'Falhou', ...ids }, CONSULTATION)).toEqual({
      type: 'settled',
      documentId: DOCUMENT,
    });
  });

  it("leaves the note's messages, another consultation's and other kinds alone", () => {
    const note = { type: 'anamnesis' as const, consultation_id: CONSULTATION, anamnesis_id: DOCUMENT, field_id: 'qp' };
    expect(documentLiveEffect(note, CONSULTATION)).toEqual({ type: 'none' });
    expect(documentLiveEffect({ type: 'end', ...ids, consultation_id: DOCUMENT }, CONSULTATION)).toEqual({
      type: 'none',
    });
    expect(documentLiveEffect({ type: 'transcript', ...ids, seq: 1 }, CONSULTATION)).toEqual({ type: 'none' });
  });

  it('reads everything again when the channel reconnects', () => {
    expect(documentLiveEffect({ type: 'system', status_code: 200 }, CONSULTATION)).toEqual({ type: 'refetch' });
  });
});
