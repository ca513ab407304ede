import { CONSULTATION_STATUS_LABELS, ZConsultationStatus } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { STATUS_LABELS, STATUSES } from './consultation-status';

describe('consultation status labels', () => {
  it('are the contract’s, in the contract’s order', () => {
    expect(STATUS_LABELS).toEqual(CONSULTATION_STATUS_LABELS);
    expect(STATUSES).toEqual(ZConsultationStatus.options);
  });
});
