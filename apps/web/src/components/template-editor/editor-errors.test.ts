import { ZAdminTemplateBody, ZAdminTemplateField, ZAnamnesisTemplateBody } from '@escriba/contract';
import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { readEditorError, validateBody } from './editor-errors';
import { blankField, changeField, toTemplateBody, type TemplateDraft } from './editor-state';

function draftWith(titles: string[]): TemplateDraft {
  let fields = titles.map(() => blankField());
  fields.forEach((field, index) => (fields = changeField(fields, field.key, { title: titles[index] })));
  return { name: 'Meu modelo', specializationId: null, sourceTemplateId: null, fields };
}

function apiError(status: number, detail: unknown): FetchError {
  const error = new FetchError('failed');
  Object.assign(error, { status, data: { detail } });
  return error;
}

describe('validateBody', () => {
  it('answers the body when the contract accepts it', () => {
    const draft = draftWith(['Queixa principal', 'Conduta']);
    const result = validateBody(ZAnamnesisTemplateBody, toTemplateBody(draft), draft.fields);
    expect(result.errors).toBeUndefined();
    expect(result.body?.fields.map((field) => field.id)).toEqual(['queixa_principal', 'conduta']);
  });

  it("puts each message beside the failing field, found by the field's key", () => {
    const draft = draftWith(['Conduta', '', 'Alergias', 'Plano']);
    const [first, second, third, fourth] = draft.fields;
    draft.name = ' ';
    draft.fields = changeField(draft.fields, third!.key, { id: 'conduta' });
    draft.fields = changeField(draft.fields, fourth!.key, { id: 'Plano!' });
    const { errors } = validateBody(ZAnamnesisTemplateBody, toTemplateBody(draft), draft.fields);
    expect(errors?.name).toBe('Informe o nome');
    expect(errors?.byField[fourth!.key]?.id).toBe('Use letras minúsculas sem acento, números e _ (até 60)');
    expect(errors?.byField[second!.key]?.title).toBe('Informe o título');
    expect(errors?.byField[third!.key]?.id).toBe('Já existe um campo com este id');
    expect(errors?.byField[first!.key]).toBeUndefined();
  });

  it('says so when the list is empty, and the admin body refuses the reserved id', () => {
    const empty = { ...draftWith([]), fields: [] };
    expect(validateBody(ZAnamnesisTemplateBody, toTemplateBody(empty), []).errors?.fields).toBe(
      'Inclua ao menos um campo',
    );
    const draft = draftWith(['Conduta']);
    draft.fields = changeField(draft.fields, draft.fields[0]!.key, { id: 'order' });
    const { source_template_id: _, ...adminBody } = toTemplateBody(draft);
    const { errors } = validateBody(ZAdminTemplateBody, adminBody, draft.fields);
    expect(errors?.byField[draft.fields[0]!.key]?.id).toBe('O id "order" é reservado: escolha outro');
  });
});

describe('readEditorError', () => {
  const draft = draftWith(['Queixa', 'Conduta']);
  const [first, second] = draft.fields;

  it('maps a 422 on the body to the field at that index (indexes as strings, as the server sends them)', () => {
    const error = apiError(422, [
      { loc: ['body', 'fields', '1', 'title'], msg: 'Use no máximo 120 caracteres' },
      { loc: ['body', 'specialization_id'], msg: 'Especialidade não encontrada' },
    ]);
    const { errors, message } = readEditorError(error, draft.fields);
    expect(errors.byField[second!.key]?.title).toBe('Use no máximo 120 caracteres');
    expect(errors.specialization).toBe('Especialidade não encontrada');
    expect(message).toBeUndefined();
  });

  it("maps a field route's 422 to the field being saved, and keeps what names nothing shown as the sentence", () => {
    const error = apiError(422, [
      { loc: ['body', 'id'], msg: 'Já existe um campo com este id' },
      { loc: ['querystring', 'order'], msg: 'Informe todos os campos do modelo, cada um uma vez' },
    ]);
    const { errors, message } = readEditorError(error, draft.fields, first!.key);
    expect(errors.byField[first!.key]?.id).toBe('Já existe um campo com este id');
    expect(message).toBe('Informe todos os campos do modelo, cada um uma vez');
  });

  it("answers a refusal's sentence as is", () => {
    const error = apiError(409, 'Este modelo vem com o Escriba e não pode ser excluído: despublique-o');
    expect(readEditorError(error, draft.fields)).toEqual({
      errors: { byField: {} },
      message: 'Este modelo vem com o Escriba e não pode ser excluído: despublique-o',
    });
  });
});

describe('validateBody of one field', () => {
  it("puts a field route's issues on that field", () => {
    const field = blankField();
    const { errors } = validateBody(
      ZAdminTemplateField,
      { id: 'order', title: '', instructions: '', kind: 'text' },
      [field],
      field.key,
    );
    expect(errors?.byField[field.key]).toEqual({
      title: 'Informe o título',
      id: 'O id "order" é reservado: escolha outro',
    });
  });
});
