import type { TTemplateField } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { versionLabel } from './version-label';

const FIELDS: TTemplateField[] = [
  { id: 'qp', title: 'Queixa principal', instructions: '', kind: 'short' },
  { id: 'conduta', title: 'Conduta', instructions: '', kind: 'text' },
];
const at = (hours: number, minutes: number, day = 14) => new Date(2026, 2, day, hours, minutes).toISOString();
const NOW = new Date(2026, 2, 14, 18, 0);

describe('versionLabel', () => {
  it('says which version, what made it and when', () => {
    const base = { template_fields: FIELDS, field_id: null };
    expect(versionLabel({ ...base, number: 1, kind: 'generation', created_at: at(14, 20) }, NOW)).toBe(
      'Versão 1 · nota gerada · 14:20',
    );
    expect(
      versionLabel({ ...base, number: 3, kind: 'rewrite', field_id: 'conduta', created_at: at(14, 32) }, NOW),
    ).toBe('Versão 3 · reescrita de Conduta · 14:32');
    expect(
      versionLabel({ ...base, number: 2, kind: 'regeneration', field_id: 'qp', created_at: at(14, 25) }, NOW),
    ).toBe('Versão 2 · novo texto de Queixa principal · 14:25');
    expect(versionLabel({ ...base, number: 4, kind: 'edit', created_at: at(14, 40) }, NOW)).toBe(
      'Versão 4 · editada por você · 14:40',
    );
  });

  it('adds the day to a version from another day', () => {
    const label = versionLabel(
      { template_fields: FIELDS, field_id: null, number: 1, kind: 'generation', created_at: at(9, 5, 12) },
      NOW,
    );
    expect(label).toBe('Versão 1 · nota gerada · 12/03, 09:05');
  });
});
