import type { TAnamnesisTemplate } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import {
  blankField,
  changeField,
  draftFromCopy,
  draftFromTemplate,
  hasUnsavedChanges,
  moveField,
  savedOrder,
  toTemplateBody,
} from './editor-state';

const template: TAnamnesisTemplate = {
  id: '0b7c5d1e-8f1a-4c39-9d55-2f6a1c3b7e10',
  name: 'SOAP',
  specialization_id: 12,
  published: true,
  source_template_id: null,
  fields: [
    { id: 'subjetivo', title: 'Subjetivo', instructions: 'Queixas.', kind: 'text' },
    { id: 'objetivo', title: 'Objetivo', instructions: '', kind: 'text' },
    { id: 'plano', title: 'Plano', instructions: '', kind: 'list' },
  ],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const ids = (fields: { id: string }[]) => fields.map((field) => field.id);

describe('drafts', () => {
  it('a copy names its source and keeps the fields and their ids', () => {
    const draft = draftFromCopy(template);
    expect(draft.name).toBe('Cópia de SOAP');
    expect(draft.sourceTemplateId).toBe(template.id);
    expect(ids(draft.fields)).toEqual(['subjetivo', 'objetivo', 'plano']);
    expect(new Set(draft.fields.map((field) => field.key)).size).toBe(3);
    expect(toTemplateBody(draft)).toEqual({
      name: 'Cópia de SOAP',
      specialization_id: 12,
      source_template_id: template.id,
      fields: template.fields,
    });
  });

  it("a stored field's id does not follow a new title", () => {
    const draft = draftFromTemplate(template);
    const key = draft.fields[0]!.key;
    expect(changeField(draft.fields, key, { title: 'Queixas' })[0]).toMatchObject({
      id: 'subjetivo',
      title: 'Queixas',
    });
  });
});

describe('changeField', () => {
  it("derives a new field's id from its title, unique in the template", () => {
    const fields = [...draftFromTemplate(template).fields, blankField()];
    const key = fields[3]!.key;
    expect(changeField(fields, key, { title: 'Hábitos de vida' })[3]!.id).toBe('habitos_de_vida');
    expect(changeField(fields, key, { title: 'Plano' })[3]!.id).toBe('plano_2');
    expect(changeField(fields, key, { title: '  ' })[3]!.id).toBe('');
  });

  it('stops following the title once the id is typed, and follows again when it is cleared', () => {
    let fields = [blankField()];
    const key = fields[0]!.key;
    fields = changeField(fields, key, { id: 'qp' });
    fields = changeField(fields, key, { title: 'Queixa principal' });
    expect(fields[0]!.id).toBe('qp');
    fields = changeField(fields, key, { id: '' });
    expect(fields[0]!.id).toBe('queixa_principal');
    expect(changeField(fields, key, { title: 'Queixa' })[0]!.id).toBe('queixa');
  });
});

describe('order', () => {
  it('moves a field up or down and ignores moves out of the list', () => {
    const fields = draftFromTemplate(template).fields;
    expect(ids(moveField(fields, 2, 0))).toEqual(['plano', 'subjetivo', 'objetivo']);
    expect(ids(moveField(fields, 0, 1))).toEqual(['objetivo', 'subjetivo', 'plano']);
    expect(moveField(fields, 0, -1)).toBe(fields);
    expect(moveField(fields, 2, 3)).toBe(fields);
  });

  it('the reorder list names every stored field by its stored id, in the new order', () => {
    const stored = draftFromTemplate(template, true).fields;
    const renamed = changeField(stored, stored[0]!.key, { id: 'queixas' });
    const fields = moveField([...renamed, blankField()], 0, 2);
    expect(savedOrder(fields)).toEqual(['objetivo', 'plano', 'subjetivo']);
  });
});

describe('hasUnsavedChanges', () => {
  it('is false for a stored field as stored, true once changed or when never stored', () => {
    const [first] = draftFromTemplate(template, true).fields;
    expect(hasUnsavedChanges(first!)).toBe(false);
    expect(hasUnsavedChanges({ ...first!, kind: 'short' })).toBe(true);
    expect(hasUnsavedChanges(blankField())).toBe(true);
  });
});
