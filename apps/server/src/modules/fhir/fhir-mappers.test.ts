import type { TPatient } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { expectValidResource } from '../../../test/fhir-validation';
import { entryId, narrative } from './fhir-entry';
import { quantityOf } from './medication-requests';
import { patientResource } from './patient-resource';

describe('quantityOf', () => {
  it('reads the number a receita writes first, with what follows as the unit', () => {
    expect(quantityOf('30 comprimidos')).toEqual({ value: 30, unit: 'comprimidos' });
    expect(quantityOf('30 (trinta) comprimidos')).toEqual({ value: 30, unit: 'comprimidos' });
    expect(quantityOf('2,5 mL')).toEqual({ value: 2.5, unit: 'mL' });
    expect(quantityOf('1')).toEqual({ value: 1 });
    expect(quantityOf('uma caixa')).toBeUndefined();
  });
});

describe('entryId', () => {
  it('derives the same UUID (version 5 shape) from the same parts, another from others', () => {
    const id = entryId('patient', 'a');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(entryId('patient', 'a')).toBe(id);
    expect(entryId('patient', 'b')).not.toBe(id);
  });
});

describe('narrative', () => {
  it('escapes the text into XHTML paragraphs, one a line', () => {
    expect(narrative('PA < 140/90 & "estável"\n\nSem queixas.').div).toBe(
      '<div xmlns="http://www.w3.org/1999/xhtml"><p>PA &lt; 140/90 &amp; &quot;estável&quot;</p><p>Sem queixas.</p></div>',
    );
  });
});

describe('patientResource', () => {
  it('is a valid Patient with only a name: no CPF, no birth date, sex unknown', () => {
    const patient = {
      id: '7b0c1e52-58a4-4c1b-9e59-2d3f1f0a9c11',
      name: 'Maria Souza',
      social_name: null,
      birth_date: null,
      sex: null,
      cpf: null,
      archived: false,
    } as TPatient;
    const resource = patientResource(patient);
    expectValidResource(resource);
    expect(resource).toEqual({
      resourceType: 'Patient',
      id: entryId('patient', patient.id),
      active: true,
      name: [{ use: 'official', text: 'Maria Souza' }],
      gender: 'unknown',
    });
  });

  it("writes intersex as FHIR's other", () => {
    const resource = patientResource({ id: 'x', name: 'Ana', sex: 'intersex', archived: false } as TPatient);
    expect(resource.gender).toBe('other');
  });
});
