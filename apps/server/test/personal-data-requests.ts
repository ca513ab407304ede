import type { App } from '../src/platform/services';
import { createTestConsultation, createTestPatient } from './clinical-factories';
import { createLoggedInUser, logIn, TEST_PASSWORD, uniqueCpf, uniqueEmail } from './factories';

const CPF = uniqueCpf();
/** Known personal and clinical values that tests send and then look for where they must not be. */
export const PERSONAL_DATA = {
  email: uniqueEmail('maria.quintanilha'),
  cpf: CPF,
  formattedCpf: CPF.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4'),
  phone: '21976543218',
  professionalName: 'Maria Aparecida Quintanilha',
  patientName: 'Joaquina Teodoro Valverde',
  street: 'Rua Doutor Zamenhof Aurora',
  district: 'Jardim Esmeraldina',
  clinicalText: 'Dor torácica irradiando para o braço esquerdo há três dias',
};

/** Each personal value as it may be written: plain, percent-encoded, and form-encoded. */
export function personalDataSpellings(): string[] {
  return Object.values(PERSONAL_DATA).flatMap((value) => [
    value,
    encodeURIComponent(value),
    new URLSearchParams({ v: value }).toString().slice(2),
  ]);
}

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  enum?: unknown[];
  not?: unknown;
}
interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header' }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
type Route = [path: string, method: string, operation: Operation];

/** A value for a field or parameter, chosen by its name: the known personal values wherever they fit. */
function valueFor(name: string, schema: Schema, isPatient: boolean, cpf: string): unknown {
  if (schema.anyOf) return valueFor(name, schema.anyOf.find((option) => option.type !== 'null') ?? {}, isPatient, cpf);
  if (schema.enum) return schema.enum[0];
  if (schema.properties) return fill(schema, isPatient || name === 'patient', cpf);
  const type = Array.isArray(schema.type) ? schema.type.find((option) => option !== 'null') : schema.type;
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return 5;
  if (type === 'array') return [];
  const byName: Record<string, string> = {
    email: PERSONAL_DATA.email,
    username: PERSONAL_DATA.email,
    cpf,
    phone: PERSONAL_DATA.phone,
    name: isPatient ? PERSONAL_DATA.patientName : PERSONAL_DATA.professionalName,
    social_name: PERSONAL_DATA.patientName,
    q: PERSONAL_DATA.patientName,
    street: PERSONAL_DATA.street,
    district: PERSONAL_DATA.district,
    password: TEST_PASSWORD,
    new_password: TEST_PASSWORD,
    cep: '01310100',
    number: '12',
    city: 'São Paulo',
    birth_date: '1980-05-17',
  };
  return byName[name] ?? PERSONAL_DATA.clinicalText;
}

/** An object for a JSON schema, read-only fields (`not`) left out. */
function fill(schema: Schema, isPatient: boolean, cpf: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([, property]) => property.not === undefined)
      .map(([name, property]) => [name, valueFor(name, property, isPatient, cpf)]),
  );
}

/** Logouts, refreshes and deletions last, so the session and records are there for every other request. */
function order([path, method]: Route): number {
  if (path.endsWith('/logout') || path.endsWith('/refresh')) return 2;
  return method === 'delete' ? 1 : 0;
}

/**
 * Calls every operation of the OpenAPI document, so a new route is covered without being listed,
 * twice: with real ids, so requests reach their handlers, and with the CPF in place of every id.
 * Every query gets the known personal values as extra parameters too; bodies are filled from their
 * schemas. Answers the status codes.
 */
export async function sendPersonalDataToEveryRoute(app: App): Promise<number[]> {
  const { email, password, headers } = await createLoggedInUser(app, { name: PERSONAL_DATA.professionalName });
  const patient = await createTestPatient(app, headers, {
    name: PERSONAL_DATA.patientName,
    phone: PERSONAL_DATA.phone,
    address: {
      cep: '01310100',
      street: PERSONAL_DATA.street,
      number: '12',
      district: PERSONAL_DATA.district,
      city: 'São Paulo',
      state: 'SP',
    },
  });
  const consultation = await createTestConsultation(app, headers, {
    patient_id: patient.id,
    chief_complaint: PERSONAL_DATA.clinicalText,
  });
  const realIds: [string, string][] = [
    ['/consultations/', consultation.id],
    ['/patients/', patient.id],
    ['/specialization', '5'],
  ];
  const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const routes = Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]): Route => [path, method, operation]),
    )
    .sort((a, b) => order(a) - order(b));

  const statuses: number[] = [];
  for (const [useRealIds, cpf] of [
    [true, PERSONAL_DATA.cpf],
    [false, PERSONAL_DATA.formattedCpf],
  ] as const) {
    const session = await logIn(app, email, password);
    for (const [path, method, operation] of routes) {
      const isPatient = path.includes('/patients/') || path.includes('/consultations');
      const id = useRealIds ? (realIds.find(([part]) => path.includes(part))?.[1] ?? cpf) : cpf;
      const query = new URLSearchParams({
        email: PERSONAL_DATA.email,
        cpf,
        nome: PERSONAL_DATA.patientName,
        telefone: PERSONAL_DATA.phone,
      });
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query') query.set(parameter.name, String(valueFor(parameter.name, {}, isPatient, cpf)));
      }
      const [contentType, body] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      const payload = body && fill(body.schema, isPatient, cpf);
      const answer = await app.inject({
        method: method.toUpperCase() as 'GET',
        url: `${path.replace(/\{[^}]+\}/g, encodeURIComponent(id))}?${query.toString()}`,
        headers: {
          ...(contentType && { 'content-type': contentType }),
          authorization: `Bearer ${session.access_token}`,
        },
        ...(payload && {
          payload:
            contentType === 'application/json'
              ? JSON.stringify(payload)
              : new URLSearchParams(payload as Record<string, string>).toString(),
        }),
      });
      statuses.push(answer.statusCode);
    }
  }
  return statuses;
}
