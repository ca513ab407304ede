import type { TConsultation } from '@escriba/contract';
import type {
  Bundle,
  Composition,
  Condition,
  Device,
  DocumentReference,
  Encounter,
  MedicationRequest,
  Patient,
  Practitioner,
  Provenance,
  Resource,
  ServiceRequest,
} from '@medplum/fhirtypes';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTE_FIELDS, createPdfScene, storeNote } from '../../../test/anamnesis-pdf-test-setup';
import { anamnesisUrl, createOwnTemplate, FIELDS } from '../../../test/anamnesis-test-setup';
import { createTestConsultation } from '../../../test/clinical-factories';
import { putDiagnoses } from '../../../test/diagnoses-test-setup';
import { storeDocument } from '../../../test/document-pdf-test-setup';
import { createLoggedInUser } from '../../../test/factories';
import { expectValidCollection, expectValidDocument } from '../../../test/fhir-validation';
import { issue, patientAccessLog } from '../../../test/issued-document-test-setup';
import { useTestApp } from '../../../test/test-app';
import { consultationUrl } from '../../../test/transcription-requests';
import { unzipEntries } from '../../../test/unzip';
import { CID10_SYSTEM, CPF_SYSTEM, ISSUER_SYSTEM } from './fhir-systems';

const t = useTestApp();
type Login = Awaited<ReturnType<typeof createLoggedInUser>>;
type Scene = Awaited<ReturnType<typeof createFullScene>>;
let stranger: Login;
let scene: Scene;

const consultationFhirUrl = (consultationId: string) => consultationUrl(consultationId, '/fhir');
const patientFhirUrl = (patientId: string) => `/api/v1/user/patients/${patientId}/fhir`;

/**
 * A concluded visit with everything a Bundle carries: a note whose fields have statements, a confirmed CID-10 code
 * beside a suggestion, a receita with three lines, a solicitação de exames, and the receita issued as a PDF.
 */
async function createFullScene() {
  const pdfScene = await createPdfScene(t.app, { birth_date: '1971-04-02', sex: 'male', social_name: 'Joca' });
  const { owner, consultationId } = pdfScene;
  await storeNote(t.app, owner.user.id, consultationId, {
    statements: {
      hda: [
        { text: 'Refere pressão arterial ≥ 140/90 mmHg em aferições domiciliares.', ...verified('verified') },
        { text: 'Nega dispneia e síncope.', ...verified('unverified') },
      ],
    },
  });
  const diagnoses = await putDiagnoses(t.app, owner.headers, consultationId, [
    { code: 'I10', confirmed: true },
    { code: 'R07.4', confirmed: true },
    { code: 'R51', confirmed: false },
  ]);
  expect(diagnoses.statusCode, diagnoses.body).toBe(200);
  const receitaId = await storeDocument(t.app, owner.user.id, consultationId, 'receita');
  await storeDocument(t.app, owner.user.id, consultationId, 'exames');
  const issued = await issue(t.app, owner.headers, consultationId, receitaId);
  expect(issued.statusCode, issued.body).toBe(200);
  const concluded = await t.app.inject({
    method: 'PATCH',
    url: consultationUrl(consultationId, ''),
    headers: owner.headers,
    payload: { status: 'done' },
  });
  expect(concluded.statusCode, concluded.body).toBe(200);
  const patientId = concluded.json<TConsultation>().patient.id;
  return { ...pdfScene, patientId, issuedPdf: issued.rawPayload };
}

function verified(status: 'verified' | 'unverified') {
  return {
    sources: { transcript: [], evidence: [], user_context: false },
    status,
    reason: status === 'unverified' ? 'síncope não está nas fontes' : null,
  };
}

beforeAll(async () => {
  [stranger, scene] = await Promise.all([createLoggedInUser(t.app), createFullScene()]);
});

const only = <T extends Resource>(byType: Map<string, Resource[]>, type: T['resourceType']) =>
  (byType.get(type) ?? []) as T[];

describe('GET /user/consultations/{id}/fhir', () => {
  it('answers a document Bundle the validator accepts, with every resource and its references inside', async () => {
    const response = await t.app.inject({
      url: consultationFhirUrl(scene.consultationId),
      headers: scene.owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const byType = expectValidDocument(response.json<Bundle>());
    expect([...byType.keys()].sort()).toEqual(
      [
        'Composition',
        'Condition',
        'Device',
        'DocumentReference',
        'Encounter',
        'MedicationRequest',
        'Patient',
        'Practitioner',
        'Provenance',
        'ServiceRequest',
      ].sort(),
    );

    const [patient] = only<Patient>(byType, 'Patient');
    expect(patient!.identifier).toEqual([{ use: 'official', system: CPF_SYSTEM, value: '52998224725' }]);
    expect(patient!.name).toEqual([
      { use: 'official', text: 'João Antônio Araújo' },
      { use: 'usual', text: 'Joca' },
    ]);
    expect(patient).toMatchObject({ birthDate: '1971-04-02', gender: 'male' });

    const [practitioner] = only<Practitioner>(byType, 'Practitioner');
    expect(practitioner!.name).toEqual([{ use: 'official', text: 'Dra. Mariana Conceição Tavares' }]);
    expect(practitioner!.identifier).toEqual([
      expect.objectContaining({
        type: { coding: [{ system: ISSUER_SYSTEM, code: 'CRM' }], text: 'CRM' },
        value: '123456',
        assigner: { display: 'CRM/SP' },
        extension: [
          expect.objectContaining({ valueCodeableConcept: expect.objectContaining({ text: 'SP' }) as unknown }),
        ],
      }),
    ]);

    const [encounter] = only<Encounter>(byType, 'Encounter');
    expect(encounter!.status).toBe('finished');
    expect(encounter!.period!.start).toBeDefined();
    expect(encounter!.period!.end).toBeDefined();

    // Only the confirmed codes, written as RNDS's CID-10 writes them.
    const conditions = only<Condition>(byType, 'Condition');
    expect(conditions.map((condition) => condition.code!.coding)).toEqual([
      [expect.objectContaining({ system: CID10_SYSTEM, code: 'I10' })],
      [expect.objectContaining({ system: CID10_SYSTEM, code: 'R074' })],
    ]);

    const medications = only<MedicationRequest>(byType, 'MedicationRequest');
    expect(medications.map((request) => request.medicationCodeableConcept!.text)).toEqual([
      'Losartana potássica 50 mg comprimido',
      'Cetoconazol 2% creme',
      'Dipirona 500 mg',
    ]);
    expect(medications[0]).toMatchObject({
      dosageInstruction: [{ text: 'Tomar 1 comprimido pela manhã.', route: { text: 'oral' } }],
      dispenseRequest: { quantity: { value: 30, unit: 'comprimidos' } },
      courseOfTherapyType: { coding: [expect.objectContaining({ code: 'continuous' })] },
    });

    const exams = only<ServiceRequest>(byType, 'ServiceRequest');
    expect(exams.map((request) => request.code!.text)).toEqual(['Hemograma completo', 'Eletrocardiograma']);
    expect(exams[0]!.reasonCode).toEqual([
      { text: 'Investigação de anemia.' },
      expect.objectContaining({ coding: [expect.objectContaining({ system: CID10_SYSTEM, code: 'R074' })] }),
    ]);

    const [issued] = only<DocumentReference>(byType, 'DocumentReference');
    const attachment = issued!.content[0]!.attachment;
    expect(issued!.status).toBe('current');
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.url).toMatch(/\/v\/[^/]+\/pdf\?_secretCode=/);
    expect(attachment.hash).toBe(createHash('sha1').update(scene.issuedPdf).digest('base64'));
    const pdf = await t.app.inject({ url: new URL(attachment.url!).pathname + new URL(attachment.url!).search });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(scene.issuedPdf)).toBe(true);

    const [device] = only<Device>(byType, 'Device');
    expect(device!.deviceName).toEqual([{ name: 'modelo-teste', type: 'model-name' }]);
    const [provenance] = only<Provenance>(byType, 'Provenance');
    expect(provenance!.reason![0]!.text).toContain('CFM nº 2.454/2026');
    expect(provenance!.agent.map((agent) => [agent.type!.coding![0]!.code, agent.who.reference])).toEqual([
      ['author', `urn:uuid:${device!.id}`],
      ['verifier', `urn:uuid:${practitioner!.id}`],
    ]);

    const [composition] = only<Composition>(byType, 'Composition');
    expect(composition!.status).toBe('final');
    expect(provenance!.target).toEqual([{ reference: `urn:uuid:${composition!.id}`, type: 'Composition' }]);
    const sections = composition!.section!;
    expect(sections.map((section) => section.title)).toEqual([
      ...NOTE_FIELDS.map((field) => field.title),
      'Hipóteses diagnósticas (CID-10)',
      'Prescrição',
      'Exames solicitados',
      'Documentos emitidos',
    ]);
    const history = sections[1]!;
    expect(history.text!.div).toContain('<p>Nega dispneia e síncope.</p>');
    expect(history.section!.map((statement) => [statement.text!.div, statement.extension![0]!.valueCode])).toEqual([
      [expect.stringContaining('≥ 140/90 mmHg'), 'verified'],
      [expect.stringContaining('Nega dispneia'), 'unverified'],
    ]);
    const allergies = sections[2]!;
    expect(allergies.text!.div).toContain('Não informado');
    expect(allergies.emptyReason).toBeDefined();
    expect(sections[4]!.entry).toEqual(
      conditions.map((condition) => ({ reference: `urn:uuid:${condition.id}`, type: 'Condition' })),
    );
  });

  it('gives each record the same resource ids from one answer to the next, and each answer its own identifier', async () => {
    const read = async () =>
      (
        await t.app.inject({ url: consultationFhirUrl(scene.consultationId), headers: scene.owner.headers })
      ).json<Bundle>();
    const [first, second] = [await read(), await read()];
    expect(second.entry!.map((entry) => entry.fullUrl)).toEqual(first.entry!.map((entry) => entry.fullUrl));
    expect(second.identifier!.value).not.toBe(first.identifier!.value);
  });

  it("says the assistant drafted an open consultation's note under review, and a note written by hand is hers", async () => {
    const provenanceOf = async (consultationId: string) => {
      const response = await t.app.inject({ url: consultationFhirUrl(consultationId), headers: scene.owner.headers });
      const byType = expectValidDocument(response.json<Bundle>());
      return { byType, provenance: only<Provenance>(byType, 'Provenance')[0]! };
    };
    const drafted = await createTestConsultation(t.app, scene.owner.headers, { patient_id: scene.patientId });
    await storeNote(t.app, scene.owner.user.id, drafted.id);
    const open = await provenanceOf(drafted.id);
    expect(open.provenance.reason![0]!.text).toContain('em revisão');
    expect(open.provenance.agent.map((agent) => agent.type!.coding![0]!.code)).toEqual(['author']);
    expect(only<Composition>(open.byType, 'Composition')[0]!.status).toBe('preliminary');

    const byHand = await createTestConsultation(t.app, scene.owner.headers, { patient_id: scene.patientId });
    const written = await t.app.inject({
      method: 'PUT',
      url: anamnesisUrl(byHand.id),
      headers: scene.owner.headers,
      payload: {
        template_id: await createOwnTemplate(t.app, scene.owner.user.id),
        fields: [{ field_id: FIELDS[0]!.id, text: 'Cefaleia frontal há três dias.' }],
      },
    });
    expect(written.statusCode, written.body).toBe(200);
    const hers = await provenanceOf(byHand.id);
    expect(hers.byType.has('Device')).toBe(false);
    expect(hers.provenance.agent.map((agent) => [agent.type!.coding![0]!.code, agent.who.type])).toEqual([
      ['author', 'Practitioner'],
    ]);
  });

  it("is logged in the patient's access log as an export of the consultation", async () => {
    await t.app.inject({ url: consultationFhirUrl(scene.consultationId), headers: scene.owner.headers });
    const log = await patientAccessLog(t.app, scene.owner.headers, scene.consultationId);
    expect(log).toContainEqual(
      expect.objectContaining({ record_kind: 'consultation', action: 'export', consultation_id: scene.consultationId }),
    );
  });

  it('is 401 without a session, 404 for another professional and 422 for a malformed id', async () => {
    const url = consultationFhirUrl(scene.consultationId);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const other = await t.app.inject({ url, headers: stranger.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: expect.any(String) as unknown });
    expect(
      (await t.app.inject({ url: consultationFhirUrl('nao-e-uuid'), headers: scene.owner.headers })).statusCode,
    ).toBe(422);
  });
});

describe('GET /user/patients/{id}/fhir', () => {
  it("answers a collection of the patient's consultations, each a valid document", async () => {
    const later = await createTestConsultation(t.app, scene.owner.headers, { patient_id: scene.patientId });
    const response = await t.app.inject({ url: patientFhirUrl(scene.patientId), headers: scene.owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const documents = expectValidCollection(response.json<Bundle>());
    const encounters = documents.map(
      (document) =>
        document.entry!.find((entry) => entry.resource!.resourceType === 'Encounter')!.resource as Encounter,
    );
    // Oldest first: the scene's concluded visit, then the one just opened.
    const ids = encounters.map((encounter) => encounter.identifier![0]!.value);
    expect(ids[0]).toBe(scene.consultationId);
    expect(ids.at(-1)).toBe(later.id);
    expect(encounters.at(-1)!.status).toBe('in-progress');
  });

  it('is 401 without a session, 404 for another professional and 422 for a malformed id', async () => {
    const url = patientFhirUrl(scene.patientId);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: patientFhirUrl('nao-e-uuid'), headers: scene.owner.headers })).statusCode).toBe(
      422,
    );
  });
});

describe("the patient's export", () => {
  it("holds the patient's FHIR Bundle as fhir-bundle.json", async () => {
    const response = await t.app.inject({
      url: `/api/v1/user/patients/${scene.patientId}/export`,
      headers: scene.owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const entries = await unzipEntries(response.rawPayload);
    const bundle = JSON.parse(entries.get('fhir-bundle.json')!.toString('utf8')) as Bundle;
    const documents = expectValidCollection(bundle);
    const composition = documents[0]!.entry![0]!.resource as Composition;
    expect(composition.subject!.reference).toMatch(/^urn:uuid:/);
    expect(composition.title).toBe('Registro de atendimento clínico');
  });
});
