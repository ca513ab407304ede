import { describe, expect, it } from 'vitest';
import { confirmedDiagnosesText } from './cid10';

describe('confirmedDiagnosesText', () => {
  it('lists only the confirmed codes, one a line, in order', () => {
    const text = confirmedDiagnosesText([
      { code: 'I10', description: 'Hipertensão essencial (primária)', confirmed: true },
      { code: 'G44.2', description: 'Cefaléia tensional', confirmed: false },
      { code: 'J45', description: 'Asma', confirmed: true },
    ]);
    expect(text).toBe('I10 – Hipertensão essencial (primária)\nJ45 – Asma');
  });

  it('is empty when nothing was confirmed', () => {
    expect(confirmedDiagnosesText([{ code: 'J45', description: 'Asma', confirmed: false }])).toBe('');
  });
});
