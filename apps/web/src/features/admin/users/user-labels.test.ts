import type { TAdminAuditEvent, TCreditMovement } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import {
  describeAuditAction,
  describeDeletion,
  describeGrantor,
  describeMovement,
  describeSessionEnd,
  joinAsList,
} from './user-labels';

const ADMIN_ID = '6f1c3a52-3c1e-4a55-9a49-0f7ad4f0b6a1';
const OTHER_ADMIN_ID = '0c8f0a43-1d6f-4a4b-9d0e-2b9b1f0b7e11';

function movement(overrides: Partial<TCreditMovement>): TCreditMovement {
  return {
    id: 'b2f4f2a8-6a1e-4b8e-9d55-1c7c3a9e0f01',
    kind: 'bonus',
    amount: 50,
    reason: 'Cortesia',
    actor_id: null,
    anamnesis_id: null,
    document_id: null,
    created_at: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

function auditBy(actorId: string, actorName: string): TAdminAuditEvent {
  return {
    id: 1,
    action: 'admin.user.bonus_credit',
    actor_user_id: actorId,
    actor_name: actorName,
    subject_user_id: null,
    ip: null,
    user_agent: null,
    details: { amount: 50 },
    created_at: '2026-11-20T12:00:00.000Z',
  };
}

describe('describeDeletion', () => {
  it('states the counts, the name and that the audit trail stays', () => {
    expect(describeDeletion('Ana Souza', { patients: 3, consultations: 5, files: 12 })).toBe(
      'A conta, os 3 pacientes, as 5 consultas e os 12 arquivos de Ana Souza serão apagados definitivamente. ' +
        'O registro de auditoria é mantido.',
    );
  });

  it('writes one of each in the singular and leaves out what there is none of', () => {
    expect(describeDeletion('Ana', { patients: 1, consultations: 1, files: 0 })).toBe(
      'A conta, o único paciente e a única consulta de Ana serão apagados definitivamente. O registro de auditoria é mantido.',
    );
  });

  it('says so when only the account goes', () => {
    expect(describeDeletion('Ana', { patients: 0, consultations: 0, files: 0 })).toBe(
      'A conta de Ana será apagada definitivamente; não há pacientes, consultas nem arquivos. O registro de auditoria é mantido.',
    );
  });
});

describe('describeAuditAction', () => {
  it('names the consultation’s clinical-record actions in Portuguese and keeps an unknown one as is', () => {
    expect(describeAuditAction('consultation.deleted')).toBe('Consulta excluída');
    expect(describeAuditAction('consultation.diagnoses_saved')).toBe('Hipóteses diagnósticas (CID-10) salvas');
    expect(describeAuditAction('document.deleted')).toBe('Documento da consulta excluído');
    expect(describeAuditAction('nova.acao')).toBe('nova.acao');
  });
});

describe('joinAsList', () => {
  it('joins with commas and a final "e"', () => {
    expect(joinAsList([])).toBe('');
    expect(joinAsList(['a'])).toBe('a');
    expect(joinAsList(['a', 'b'])).toBe('a e b');
    expect(joinAsList(['a', 'b', 'c'])).toBe('a, b e c');
  });
});

describe('describeMovement', () => {
  it('names what a spend paid for: the note or a document', () => {
    expect(describeMovement(movement({ kind: 'spend', document_id: null }))).toBe('Anamnese gerada');
    expect(describeMovement(movement({ kind: 'spend', document_id: 'c3d9e1f2-5a6b-4c7d-8e9f-0a1b2c3d4e5f' }))).toBe(
      'Documento gerado',
    );
    expect(describeMovement(movement({ kind: 'refund' }))).toBe('Estorno');
  });
});

describe('describeGrantor', () => {
  const audit = [auditBy(OTHER_ADMIN_ID, 'Beatriz Admin')];

  it('names the administrator of a bonus from the audit trail, "Você" for oneself', () => {
    expect(describeGrantor(movement({ actor_id: OTHER_ADMIN_ID }), audit, ADMIN_ID)).toBe('Beatriz Admin');
    expect(describeGrantor(movement({ actor_id: ADMIN_ID }), audit, ADMIN_ID)).toBe('Você');
  });

  it('falls back to a generic name, and answers null when no one granted the movement', () => {
    expect(describeGrantor(movement({ actor_id: 'a3a1bfe0-0000-4000-8000-000000000000' }), audit, ADMIN_ID)).toBe(
      'Um administrador',
    );
    expect(describeGrantor(movement({ kind: 'grant', actor_id: null }), audit, ADMIN_ID)).toBeNull();
  });
});

describe('describeSessionEnd', () => {
  it('translates the reasons the server writes and keeps unknown ones', () => {
    expect(describeSessionEnd('ended_by_admin')).toBe('Encerrada por um administrador');
    expect(describeSessionEnd('suspended')).toBe('Conta suspensa');
    expect(describeSessionEnd('something_new')).toBe('something_new');
    expect(describeSessionEnd(null)).toBe('Encerrada');
  });
});
