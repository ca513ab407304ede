import { ZAccessAction, ZAccessRecordKind } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { describeAccess } from './access-log-labels';

describe('describeAccess', () => {
  it('says what was done to which part of the record, in Portuguese', () => {
    expect(describeAccess({ action: 'read', record_kind: 'patient' })).toBe('Viu o cadastro do paciente');
    expect(describeAccess({ action: 'download', record_kind: 'note_pdf' })).toBe('Abriu o PDF da anamnese');
    expect(describeAccess({ action: 'list', record_kind: 'evidence' })).toBe('Listou as evidências da consulta');
    expect(describeAccess({ action: 'create', record_kind: 'audio' })).toBe('Gravou um trecho de áudio');
    expect(describeAccess({ action: 'sign', record_kind: 'document_pdf' })).toBe('Assinou o PDF de um documento');
  });

  it('has a sentence for every kind of access to every part', () => {
    for (const action of ZAccessAction.options) {
      for (const kind of ZAccessRecordKind.options) {
        expect(describeAccess({ action, record_kind: kind })).toMatch(/^[A-Z][a-zà-ú]+ \S/);
      }
    }
  });
});
