import { ZAccessAction, ZAccessRecordKind } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { describeAccess } from './access-log-labels';

const ID = '6f1d2c9a-3b4e-4f5a-8b7c-9d0e1f2a3b4c';

describe('describeAccess', () => {
  it('says what was done to which part of the record, in Portuguese', () => {
    expect(describeAccess({ action: 'read', record_kind: 'patient', consultation_id: null })).toBe(
      'Viu o cadastro do paciente',
    );
    expect(describeAccess({ action: 'download', record_kind: 'note_pdf', consultation_id: ID })).toBe(
      'Abriu o PDF da anamnese',
    );
    expect(describeAccess({ action: 'list', record_kind: 'evidence', consultation_id: ID })).toBe(
      'Listou as evidências da consulta',
    );
    expect(describeAccess({ action: 'create', record_kind: 'audio', consultation_id: ID })).toBe(
      'Gravou um trecho de áudio',
    );
    expect(describeAccess({ action: 'sign', record_kind: 'document_pdf', consultation_id: ID })).toBe(
      'Assinou o PDF de um documento',
    );
    expect(describeAccess({ action: 'send_whatsapp', record_kind: 'document_pdf', consultation_id: ID })).toBe(
      'Enviou ao paciente por WhatsApp o endereço e o código de um documento emitido',
    );
    expect(describeAccess({ action: 'list', record_kind: 'consultation', consultation_id: null })).toBe(
      'Listou as consultas',
    );
    expect(describeAccess({ action: 'list', record_kind: 'consultation', consultation_id: ID })).toBe(
      'Viu a consulta numa lista',
    );
  });

  it('has a sentence for every kind of access to every part', () => {
    for (const action of ZAccessAction.options) {
      for (const kind of ZAccessRecordKind.options) {
        expect(describeAccess({ action, record_kind: kind, consultation_id: null })).toMatch(/^[A-Z][a-zà-ú]+ \S/);
      }
    }
  });
});
