import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type {
  TConsultation,
  TConsultationStatus,
  TCreateConsultationBody,
  TCreatePatientBody,
  TPatient,
} from '@escriba/contract';
import { createVerifiedUser, logInThroughApi, readSessionToken } from './factories';

/** Patients and consultations made through the API for a test's professional (bearer `token`). */
export function recordsFor(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  async function send<T>(method: 'get' | 'post' | 'patch' | 'put', path: string, data?: object): Promise<T> {
    const response = await request[method](`/api/v1${path}`, { headers, data });
    expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }
  return {
    createPatient: (body: TCreatePatientBody) => send<TPatient>('post', '/user/patients/', body),
    getPatient: (id: string) => send<TPatient>('get', `/user/patients/${id}`),
    createConsultation: (body: TCreateConsultationBody) => send<TConsultation>('post', '/user/consultations/', body),
    getConsultation: (id: string) => send<TConsultation>('get', `/user/consultations/${id}`),
    saveUserContext: (id: string, text: string) =>
      send<TConsultation>('put', `/user/consultations/${id}/user-context`, { user_context: text }),
    setStatus: (id: string, status: TConsultationStatus) =>
      send<TConsultation>('patch', `/user/consultations/${id}`, { status }),
  };
}

export type Records = ReturnType<typeof recordsFor>;

/** The fictional patients of shared/fixtures/consultations, with the visits those dialogues record. */
export async function seedClinic(records: Records) {
  const helena = await records.createPatient({
    name: 'Helena Martins',
    birth_date: '1972-05-03',
    sex: 'female',
    cpf: '52998224725',
    phone: '11987654321',
    email: 'helena.martins@example.com',
    address: {
      cep: '01310100',
      street: 'Avenida Paulista',
      number: '1578',
      complement: 'apto 42',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
    notes: 'Hipertensa, usa losartana 50 mg. Alérgica a sulfa.',
    health_insurance: { name: 'Unimed', card_number: '0 123 456789012 3' },
  });
  const antonio = await records.createPatient({ name: 'Antônio Ferreira', birth_date: '1966-09-21', sex: 'male' });
  const lucas = await records.createPatient({
    name: 'Lucas Almeida',
    birth_date: '2021-02-14',
    sex: 'male',
    notes: 'Alérgico a amoxicilina.',
  });
  const visits: [TPatient, string, string, TConsultationStatus[]][] = [
    [helena, 'Primeira consulta', 'Cefaleia em aperto há três semanas', ['done']],
    [antonio, 'Pronto atendimento', 'Dor torácica em peso irradiando para o braço esquerdo', ['processing']],
    [lucas, 'Pediatria', 'Febre e tosse há dois dias', ['recording']],
    [helena, 'Retorno', 'Reavaliação da cefaleia e do diário da dor', []],
  ];
  const consultations: TConsultation[] = [];
  for (const [patient, title, complaint, statuses] of visits) {
    const created = await records.createConsultation({ patient_id: patient.id, title, chief_complaint: complaint });
    for (const status of statuses) await records.setStatus(created.id, status);
    consultations.push(created);
  }
  return { helena, antonio, lucas, consultations };
}

/** A new professional, logged in on `page` through the API, with her token and the calls on her records. */
export async function signedInProfessional(page: Page, request: APIRequestContext) {
  await logInThroughApi(page, await createVerifiedUser(request));
  const token = await readSessionToken(page);
  return { token, records: recordsFor(request, token) };
}
