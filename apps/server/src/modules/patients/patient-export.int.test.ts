import type { TAnamnesisVersion, TPatient } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf } from '../../../test/account-requests';
import { addTranscriptEvidence, anamnesisUrl, createOwnTemplate, FIELDS } from '../../../test/anamnesis-test-setup';
import { createTestConsultation, createTestPatient, uniqueWord } from '../../../test/clinical-factories';
import { textPdf } from '../../../test/evidence-files';
import { addEvidence, sessionCookie, waitUntilRead } from '../../../test/evidence-test-requests';
import { createLoggedInUser } from '../../../test/factories';
import { pdfText } from '../../../test/pdf-tools';
import { useTestApp } from '../../../test/test-app';
import { unzipEntries } from '../../../test/unzip';
import { auditEvents } from '../../db/schema/index';
import type { ExportedConsultation } from './export/export-contents';

const t = useTestApp();
type Login = Awaited<ReturnType<typeof createLoggedInUser>>;
let owner: Login;
let stranger: Login;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([createLoggedInUser(t.app), createLoggedInUser(t.app)]);
});

const exportUrl = (patientId: string) => `/api/v1/user/patients/${patientId}/export`;

async function writeNote(consultationId: string, body: object): Promise<TAnamnesisVersion> {
  const response = await t.app.inject({
    method: 'PUT',
    url: anamnesisUrl(consultationId),
    headers: owner.headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TAnamnesisVersion>();
}

/** A patient with two visits: one recorded (transcript corrected once, a lab report, a note edited), one empty. */
async function patientWithRecord() {
  const patient = await createTestPatient(t.app, owner.headers, {
    name: `Joana ${uniqueWord()} Araújo`,
    birth_date: '1975-08-02',
    cpf: '529.982.247-25',
  });
  const visit = await createTestConsultation(t.app, owner.headers, { patient_id: patient.id, title: 'Retorno' });
  await createTestConsultation(t.app, owner.headers, { patient_id: patient.id, title: 'Primeira consulta' });
  await addTranscriptEvidence(t.app, visit.id, ['Dor de cabeça há três dias.', 'Dor de cabeça há 3 dias.']);
  const report = await textPdf(['Hemograma completo', 'Hemoglobina 13,5 g/dL']);
  const evidence = await addEvidence(t.app, owner.headers, visit.id, report, 'hemograma.pdf');
  await waitUntilRead(t.app, owner.headers, visit.id, evidence.id, 60_000);
  const templateId = await createOwnTemplate(t.app, owner.user.id);
  const first = await writeNote(visit.id, {
    template_id: templateId,
    fields: [{ field_id: FIELDS[0]!.id, text: 'Cefaleia frontal há três dias.' }],
  });
  await writeNote(visit.id, {
    base_version: first.version,
    fields: [{ field_id: FIELDS[0]!.id, text: 'Cefaleia frontal há três dias, sem febre.' }],
  });
  return { patient, visit, report, evidenceId: evidence.id };
}

describe('GET /user/patients/{id}/export', () => {
  it('streams a ZIP with the record as JSON, every version, the files as sent and a readable PDF', async () => {
    const { patient, visit, report, evidenceId } = await patientWithRecord();
    const response = await t.app.inject({ method: 'GET', url: exportUrl(patient.id), headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="dados-joana-.*\.zip"/);
    expect(response.headers['cache-control']).toBe('private, no-store');

    const entries = await unzipEntries(response.rawPayload);
    const json = <T>(path: string) => JSON.parse(entries.get(path)!.toString('utf8')) as T;
    const current = (
      await t.app.inject({ url: `/api/v1/user/patients/${patient.id}`, headers: owner.headers })
    ).json<TPatient>();
    expect(json<TPatient>('paciente.json')).toEqual(current);

    const folders = [...entries.keys()].filter((path) => path.endsWith('/consulta.json'));
    expect(folders).toHaveLength(2);
    const recorded = folders
      .map((path) => json<ExportedConsultation>(path))
      .find((each) => each.consultation.id === visit.id)!;
    expect(recorded.consultation).toMatchObject({ title: 'Retorno', patient_id: patient.id, ai_enabled: true });
    expect(recorded.transcript!.versions.map((version) => version.text)).toEqual([
      'Dor de cabeça há três dias.',
      'Dor de cabeça há 3 dias.',
    ]);
    expect(recorded.anamnesis.map((note) => note.fields[0]!.text)).toEqual([
      'Cefaleia frontal há três dias.',
      'Cefaleia frontal há três dias, sem febre.',
    ]);
    const [file] = recorded.evidences;
    expect(file).toMatchObject({ id: evidenceId, file_name: 'hemograma.pdf' });
    expect(file!.versions[0]!.text).toContain('Hemoglobina 13,5 g/dL');
    expect(entries.get(file!.archive_path!)!.equals(report)).toBe(true);

    const summary = await pdfText(entries.get('resumo.pdf')!);
    expect(summary).toContain('Resumo do prontuário');
    expect(summary).toContain(patient.name);
    expect(summary).toContain('Cefaleia frontal há três dias, sem febre.');
    expect(summary).toContain('hemograma.pdf');
    expect(entries.get('LEIA-ME.txt')!.toString()).toContain('LGPD');

    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patient.exported'), eq(auditEvents.actorUserId, owner.user.id)));
    expect(audit!.details).toEqual({ patient_id: patient.id, consultations: 2, files: 1 });
    // Identifiers and counts only: the trail holds no clinical text.
    expect(JSON.stringify(audit)).not.toContain('Cefaleia');
  });

  it('answers a patient without consultations too, and by the session cookie for a download link', async () => {
    const patient = await createTestPatient(t.app, owner.headers);
    const response = await t.app.inject({
      method: 'GET',
      url: exportUrl(patient.id),
      headers: sessionCookie(owner.session),
    });
    expect(response.statusCode, response.body).toBe(200);
    const entries = await unzipEntries(response.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['LEIA-ME.txt', 'fhir-bundle.json', 'paciente.json', 'resumo.pdf']);
    expect(await pdfText(entries.get('resumo.pdf')!)).toContain('Nenhuma consulta registrada.');
  });

  it('is 404 for another professional, 401 without a session and 422 for a malformed id', async () => {
    const patient = await createTestPatient(t.app, owner.headers);
    const other = await t.app.inject({ method: 'GET', url: exportUrl(patient.id), headers: stranger.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Paciente não encontrado' });
    expect((await t.app.inject({ method: 'GET', url: exportUrl(patient.id) })).statusCode).toBe(401);
    const malformed = await t.app.inject({ method: 'GET', url: exportUrl('nao-e-um-id'), headers: owner.headers });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json<{ detail: { loc: string[] }[] }>().detail[0]!.loc).toEqual(['params', 'id']);
    const audits = await auditRowsOf(t.app, stranger.user.id);
    expect(audits.some((row) => row.action === 'patient.exported')).toBe(false);
  });
});
