// The scene the note's PDF tests share: a physician with her license, practice and a note of a patient.
import type { TAnamnesisField, TCreatePatientBody, TStatement, TTemplateField, TUser } from '@escriba/contract';
import { randomUUID } from 'node:crypto';
import { anamnesisVersions } from '../src/db/schema/index';
import type { App } from '../src/platform/services';
import { createTestConsultation } from './clinical-factories';
import { createLoggedInUser } from './factories';
import { consultationUrl } from './transcription-requests';

type Headers = Record<string, string>;

export const PRACTICE = {
  name: 'Clínica Coração Saudável',
  address: {
    cep: '01310-100',
    street: 'Avenida Paulista',
    number: '1000',
    complement: 'sala 12',
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP' as const,
  },
  phone: '(11) 3456-7890',
};

export const NOTE_FIELDS: (TTemplateField & { text: string })[] = [
  {
    id: 'queixa_principal',
    title: 'Queixa principal',
    instructions: '',
    kind: 'short',
    text: 'Dor no peito há três dias, pior ao esforço.',
  },
  {
    id: 'hda',
    title: 'História da doença atual',
    instructions: '',
    kind: 'text',
    text: 'Refere pressão arterial ≥ 140/90 mmHg em aferições domiciliares.\nNega dispneia e síncope.',
  },
  { id: 'alergias', title: 'Alergias', instructions: '', kind: 'short', text: '' },
  { id: 'conduta', title: 'Conduta', instructions: '', kind: 'text', text: 'Solicitado ECG; retorno em 15 dias.' },
];

/** A physician (CRM/SP 123456, RQE 45678) with her practice, and a consultation of a patient with a CPF. */
export async function createPdfScene(app: App, patient: Partial<TCreatePatientBody> = {}) {
  const owner = await createLoggedInUser(app, { name: 'Dra. Mariana Conceição Tavares' });
  await addLicense(app, owner.headers);
  const practice = await app.inject({
    method: 'PATCH',
    url: '/api/v1/user/me/',
    headers: owner.headers,
    payload: { practice: PRACTICE },
  });
  if (practice.statusCode !== 200) throw new Error(`practice: ${practice.statusCode} ${practice.body}`);
  const consultation = await createTestConsultation(app, owner.headers, {
    patient: { name: 'João Antônio Araújo', cpf: '529.982.247-25', ...patient },
  });
  return { owner, consultationId: consultation.id, practice: practice.json<TUser>().practice! };
}

export async function addLicense(app: App, headers: Headers): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/user/me/license/',
    headers,
    // license type 1: CRM (reference data, migration 0002).
    payload: { license_type_id: 1, number: '123456', state: 'SP', rqe: '45678' },
  });
  if (response.statusCode !== 201) throw new Error(`license: ${response.statusCode} ${response.body}`);
}

/** A ready note stored as a generation stores it, with the fields' texts given (the template's by default). */
export async function storeNote(
  app: App,
  userId: string,
  consultationId: string,
  options: {
    version?: number;
    texts?: Record<string, string>;
    status?: 'ready' | 'generating';
    /** A field's statements; by default its text as one verified statement. */
    statements?: Record<string, TStatement[]>;
  } = {},
): Promise<void> {
  const templateFields = NOTE_FIELDS.map(({ text: _text, ...field }) => field);
  const sources = { transcript: [], evidence: [], user_context: false };
  const fields: TAnamnesisField[] = NOTE_FIELDS.map((field) => {
    const text = options.texts?.[field.id] ?? field.text;
    const statements = options.statements?.[field.id] ?? [{ text, sources, status: 'verified', reason: null }];
    return { field_id: field.id, title: field.title, text, sources, edited: false, statements };
  });
  const templateId = randomUUID();
  await app.db.insert(anamnesisVersions).values({
    consultationId,
    userId,
    version: options.version ?? 1,
    kind: 'generation',
    status: options.status ?? 'ready',
    templateId,
    templateFields,
    fields: options.status === 'generating' ? [] : fields,
    provenance: {
      template: { id: templateId, name: 'Clínica geral' },
      persona: null,
      prompts: [],
      model: 'modelo-teste',
      inputs: { transcript: null, evidence_ids: [], patient_id: randomUUID(), user_context: false, condensed: false },
      style_preferences: null,
      reviews: [],
    },
    finishedAt: options.status === 'generating' ? null : new Date(),
  });
}

export const notePdfUrl = (consultationId: string) => consultationUrl(consultationId, '/anamnesis/pdf');
export const signedPdfUrl = (consultationId: string) => consultationUrl(consultationId, '/anamnesis/pdf/signed');

/** What CFM Res. 2.299/2021 asks every document's header to carry, as the scene's PDFs print it. */
export const LETTERHEAD_TEXTS = [
  'Dra. Mariana Conceição Tavares',
  'CRM/SP 123456 · RQE nº 45678',
  'Clínica Coração Saudável',
  'Avenida Paulista, 1000, sala 12 – Bela Vista, São Paulo/SP, CEP 01310-100 · Tel. (11) 3456-7890',
  'Paciente: João Antônio Araújo · CPF 529.982.247-25',
];

/** Today on Brasília time as a document writes it ("26/11/2026"). */
export function todayInBrasilia(): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' }).format(new Date());
}

/** "Emitido em São Paulo/SP, 26/11/2026 às 14:30" of now, any minute: the PDF was issued within the test. */
export function issuedToday(): RegExp {
  return new RegExp(`Emitido em São Paulo/SP, ${todayInBrasilia().replace(/\//g, '\\/')} às \\d\\d:\\d\\d`);
}
