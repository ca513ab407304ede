import type { TEvidence, TLiveMessage } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { applyEvidenceStatus, liveEvidenceAction } from './live-evidence';

const ID = '6f1c2b1e-8a4c-4d7e-9b1a-2c3d4e5f6a7b';
const OTHER = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const EVIDENCE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('liveEvidenceAction', () => {
  it('reads the evidences again on (re)connection and on an evidence message of this consultation', () => {
    expect(liveEvidenceAction({ type: 'system', status_code: 200, detail: 'connected' }, ID)).toBe('refetch');
    const message: TLiveMessage = { type: 'evidence', consultation_id: ID, evidence_id: EVIDENCE, status: 'ready' };
    expect(liveEvidenceAction(message, ID)).toBe('refetch');
  });

  it('ignores other consultations and other kinds of message', () => {
    expect(liveEvidenceAction({ type: 'evidence', consultation_id: OTHER, evidence_id: EVIDENCE }, ID)).toBe('ignore');
    expect(liveEvidenceAction({ type: 'transcript', consultation_id: ID, seq: 0, text: 'Oi.' }, ID)).toBe('ignore');
    expect(liveEvidenceAction({ type: 'end', consultation_id: ID }, ID)).toBe('ignore');
  });
});

describe('applyEvidenceStatus', () => {
  const list = [
    { id: EVIDENCE, status: 'pending' },
    { id: OTHER, status: 'ready' },
  ] as TEvidence[];

  it('changes the status of the named evidence only', () => {
    const message: TLiveMessage = { type: 'evidence', consultation_id: ID, evidence_id: EVIDENCE, status: 'reading' };
    expect(applyEvidenceStatus(list, message).map((item) => item.status)).toEqual(['reading', 'ready']);
  });

  it('leaves the list as it is for a message without an evidence status', () => {
    expect(applyEvidenceStatus(list, { type: 'system', status_code: 200 })).toBe(list);
  });
});
