import type { FastifyRequest } from 'fastify';
import type { PatientAccess } from './patient-access';

/** Which patient, consultation and professional a request's row is about. */
export interface AccessSubject {
  patientId: string | null;
  consultationId: string | null;
  ownerUserId: string | null;
}

/** Where a route's patient is found: its URL, its answer, or the consultation of its URL (looked up before). */
export interface PatientLocator {
  /** The consultation named by the URL, whose patient is looked up before the handler (it may delete it). */
  consultationParam?: true;
  /** The answer is read (a create's id, a list's items); also when the route's recordId is in it. */
  readsAnswer: boolean;
  subjects(request: FastifyRequest, context: { answer: unknown; patientId: string | null }): AccessSubject[];
}

const USER_PATIENTS = '/api/v1/user/patients/';
const USER_CONSULTATIONS = '/api/v1/user/consultations/';
const ADMIN_CONSULTATIONS = '/api/v1/admin/consultation/';

/** The URLs whose every route must say what it does to a patient's record (checked at start-up). */
export function mustDeclarePatientAccess(url: string): boolean {
  return url.startsWith('/api/v1/user/patients') || url.startsWith('/api/v1/user/consultations');
}

/** How the route at `url` finds its patient, or undefined when the URL gives no way to. */
export function locatorFor(url: string, access: PatientAccess): PatientLocator | undefined {
  const isCreate = access.action === 'create';
  if (url.startsWith(`${USER_PATIENTS}:id`)) {
    return { readsAnswer: false, subjects: (request) => [own(request, { patientId: idParam(request) })] };
  }
  if (url.startsWith(`${USER_CONSULTATIONS}:id`)) {
    return {
      consultationParam: true,
      readsAnswer: false,
      subjects: (request, { patientId }) => [own(request, { patientId, consultationId: idParam(request) })],
    };
  }
  if (url === USER_PATIENTS && (isCreate || access.action === 'list')) {
    return {
      readsAnswer: isCreate,
      subjects: (request, { answer }) => [own(request, { patientId: isCreate ? field(answer, 'id') : null })],
    };
  }
  if (url === USER_CONSULTATIONS && (isCreate || access.action === 'list')) {
    return {
      readsAnswer: isCreate,
      subjects: (request, { answer }) => [
        own(
          request,
          isCreate
            ? { patientId: field(member(answer, 'patient'), 'id'), consultationId: field(answer, 'id') }
            : { patientId: field(request.query, 'patient_id') },
        ),
      ],
    };
  }
  if (url === ADMIN_CONSULTATIONS) {
    // An administrator's list names other professionals' consultations: one row per consultation shown.
    return {
      readsAnswer: true,
      subjects: (_request, { answer }) =>
        items(answer).map((item) => ({
          patientId: field(item, 'patient_id'),
          consultationId: field(item, 'id'),
          ownerUserId: field(member(item, 'user'), 'id'),
        })),
    };
  }
  return undefined;
}

function own(request: FastifyRequest, subject: { patientId: string | null; consultationId?: string | null }) {
  return { consultationId: null, ...subject, ownerUserId: request.auth?.user.id ?? null };
}

function idParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

function member(value: unknown, name: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
}

function field(value: unknown, name: string): string | null {
  const found = member(value, name);
  return typeof found === 'string' ? found : null;
}

function items(answer: unknown): unknown[] {
  const list = member(answer, 'items');
  return Array.isArray(list) ? list : [];
}
