import { describe, expect, it } from 'vitest';
import { describeAuditDetails } from './audit-details';

describe('describeAuditDetails', () => {
  it('labels counts and statuses and leaves identifiers and nested values out', () => {
    expect(describeAuditDetails({ amount: 50 })).toBe('créditos: 50');
    expect(describeAuditDetails({ patient_id: 'ba0bea00-4da9-474c-8a14-654f3c47f487' })).toBe('');
    expect(describeAuditDetails({ replaced_by: 'ba0bea00-4da9-474c-8a14-654f3c47f487' })).toBe('');
    expect(describeAuditDetails({ status: 'suspended', sessions_ended: 2, list: [1] })).toBe(
      'status: Suspenso · sessões encerradas: 2',
    );
  });

  it('says a change of status as "… → …", whatever order the keys come in', () => {
    expect(describeAuditDetails({ consultation_id: 'x', to: 'done', from: 'draft' })).toBe('Em aberto → Concluída');
    expect(describeAuditDetails({ from: 'active', to: 'suspended', sessions_ended: 1 })).toBe(
      'Ativo → Suspenso · sessões encerradas: 1',
    );
  });

  it('names documents, reasons, decisions and queues in Portuguese, and yes or no', () => {
    expect(describeAuditDetails({ kind: 'receita' })).toBe('documento: Receita');
    expect(describeAuditDetails({ kind: 'exames' })).toBe('documento: Solicitação de exames');
    expect(describeAuditDetails({ kind: 'anamnesis' })).toBe('documento: Anamnese');
    expect(describeAuditDetails({ email: 'ana@example.com', reason: 'wrong_password' })).toBe(
      'e-mail: ana@example.com · motivo: senha incorreta',
    );
    expect(describeAuditDetails({ resolution: 'claimant_gets' })).toBe('decisão: CPF transferido a quem contestou');
    expect(describeAuditDetails({ recording: true, ai_processing: false })).toBe('gravação: sim · uso de IA: não');
    expect(describeAuditDetails({ queue: 'read-evidence', retried: 2 })).toBe(
      'fila: Leitura de arquivos · repetidos: 2',
    );
    expect(describeAuditDetails({ amount: 1500 })).toBe('créditos: 1.500');
  });

  it('writes instants as dd/mm/aaaa hh:mm on Brasília’s clock', () => {
    expect(describeAuditDetails({ valid_until: '2027-03-12T17:30:00.000Z' })).toBe('válido até: 12/03/2027 14:30');
  });
});
