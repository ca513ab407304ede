import type { TAnamnesisTemplate } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { defaultTemplateId, groupTemplates } from './template-groups';

let next = 0;
function template(name: string, published: boolean): TAnamnesisTemplate {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    name,
    specialization_id: null,
    published,
    source_template_id: null,
    fields: [],
    created_at: '2026-03-14T14:20:00.000Z',
    updated_at: '2026-03-14T14:20:00.000Z',
  };
}

describe('template picker', () => {
  const soap = template('SOAP', true);
  const complete = template('Anamnese completa', true);
  const mine = template('Minha cefaleia', false);
  const groups = groupTemplates([soap, mine, complete]);

  it('groups own and published templates, each by name', () => {
    expect(groups.own.map((item) => item.name)).toEqual(['Minha cefaleia']);
    expect(groups.published.map((item) => item.name)).toEqual(['Anamnese completa', 'SOAP']);
  });

  it('offers the template of the current note, else the professional’s own first', () => {
    expect(defaultTemplateId(groups, soap.id)).toBe(soap.id);
    expect(defaultTemplateId(groups, 'deleted')).toBe(mine.id);
    expect(defaultTemplateId(groupTemplates([soap, complete]), undefined)).toBe(complete.id);
  });

  it('offers the template of her specialization before her own and the general one, never over the note’s', () => {
    const prenatal = template('Pré-natal', true);
    const all = groupTemplates([soap, mine, complete, prenatal]);
    expect(defaultTemplateId(all, undefined, prenatal.id)).toBe(prenatal.id);
    expect(defaultTemplateId(all, soap.id, prenatal.id)).toBe(soap.id);
    expect(defaultTemplateId(all, undefined, null)).toBe(mine.id);
    expect(defaultTemplateId(all, undefined, 'unpublished since')).toBe(mine.id);
  });
});
