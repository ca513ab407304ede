import type { TAccessAction, TAccessRecordKind } from '@escriba/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { accessLog } from '../../db/schema/index';
import { sessionOf } from '../auth/access';
import { AppError } from '../errors';
import { originOf } from '../http/request-origin';
import { asList } from '../http/route-hooks';
import { AccessLogWriter, type AccessLogRow } from './access-log-writer';
import { ConsultationPatients } from './consultation-patients';
import { locatorFor, mustDeclarePatientAccess, type PatientLocator } from './patient-locators';

/** What a route does to a patient's record, for the access log (issue 21 §1). */
export interface PatientAccess {
  record: TAccessRecordKind;
  /** A function of the request where its body says what was done (a send's channel). */
  action: TAccessAction | ((request: FastifyRequest) => TAccessAction);
  /** Where the touched part's own id is: a route parameter (`param:evidenceId`) or a field of the answer (`answer:id`). */
  recordId?: `param:${string}` | `answer:${string}`;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Required on every route under /api/v1/user/patients and /api/v1/user/consultations; `false` only for one that
     * shows nothing of the record (the access log itself).
     */
    patientAccess?: PatientAccess | false;
  }
  interface FastifyRequest {
    patientAccessState: { patientId: string | null; answer: unknown; isRecorded?: boolean } | null;
  }
}

const RETRY_AFTER_SECONDS = 10;
// A change has committed (or its mail left) by the time it answers: its row must not turn its answer into an error.
const CHANGES: ReadonlySet<TAccessAction> = new Set(['create', 'update', 'delete', 'sign', 'send_email']);

/**
 * Records every answered (2xx, 304) request of a route declaring `patientAccess`: who, when, what, from where.
 * A read's row is stored before its answer leaves, or the answer is an error instead: nothing is shown untraced.
 * A change's row is stored before its answer too, or kept and retried (the change is already committed).
 * Start-up fails for a route under a patient's or consultation's URL that declares nothing.
 */
export function registerPatientAccessLog(app: FastifyInstance, db: Database): void {
  const writer = new AccessLogWriter(db, app.log);
  const consultationPatients = new ConsultationPatients(db);
  app.decorateRequest('patientAccessState', null);
  app.addHook('onClose', () => writer.close());

  app.addHook('onRoute', (route) => {
    const access = route.config?.patientAccess;
    if (access === undefined) {
      if (mustDeclarePatientAccess(route.url)) {
        throw new Error(`Route ${route.method.toString()} ${route.url} declares no patientAccess`);
      }
      return;
    }
    if (access === false) return;
    const locator = locatorFor(route.url, access);
    if (!locator) throw new Error(`Route ${route.url} declares patientAccess but its patient cannot be found`);
    if (access.recordId?.startsWith('param:') && !route.url.includes(`:${access.recordId.slice(6)}`)) {
      throw new Error(`Route ${route.url} has no parameter for its recordId ${access.recordId}`);
    }
    // After the idempotency hook: a repeat answered with the first request's kept answer is not a new access.
    route.preHandler = [
      ...asList(route.preHandler),
      async (request) => {
        const patientId = locator.consultationParam
          ? await consultationPatients.patientOf((request.params as { id: string }).id, sessionOf(request).user.id)
          : null;
        request.patientAccessState = { patientId, answer: undefined };
      },
    ];
    const readsAnswer = locator.readsAnswer || (access.recordId?.startsWith('answer:') ?? false);
    if (readsAnswer) {
      route.preSerialization = [
        ...asList(route.preSerialization),
        async (request, _reply, payload) => {
          if (request.patientAccessState) request.patientAccessState.answer = payload;
          return payload;
        },
      ];
    }
    route.onSend = [
      ...asList(route.onSend),
      async (request, reply, payload) => {
        if (!isAnswered(reply) || !request.patientAccessState || request.patientAccessState.isRecorded) return payload;
        const rows = rowsOf(request, access, locator);
        if (CHANGES.has(actionOf(request, access))) {
          await writer.appendEventually(rows);
          return payload;
        }
        try {
          await writer.append(rows);
        } catch (error) {
          request.log.error({ err: error }, 'access not recorded: answer withheld');
          destroyStream(payload);
          throw new AppError('unavailable', 'Não foi possível registrar este acesso. Tente novamente em instantes.', {
            headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
          });
        }
        return payload;
      },
    ];
  });
}

/**
 * Stores a change's access rows in the transaction that makes the change (one commit instead of two), with the
 * answer it will give; the route's own hook then records nothing more.
 */
export async function recordAccessWithin(request: FastifyRequest, tx: Database, answer: unknown): Promise<void> {
  const state = request.patientAccessState;
  const access = request.routeOptions.config.patientAccess;
  if (!state || !access) return;
  const locator = locatorFor(request.routeOptions.url ?? '', access)!;
  state.answer = answer;
  await tx.insert(accessLog).values(rowsOf(request, access, locator));
  state.isRecorded = true;
}

function rowsOf(request: FastifyRequest, access: PatientAccess, locator: PatientLocator): AccessLogRow[] {
  const state = request.patientAccessState!;
  const actor = sessionOf(request).user.id;
  const origin = originOf(request);
  const { answer } = state;
  const recordId = recordIdOf(request, access, answer);
  return locator.subjects(request, { answer, patientId: state.patientId }).map((subject) => ({
    actorUserId: actor,
    actorRole: request.routeOptions.config.access === 'admin' ? 'admin' : 'professional',
    ...subject,
    recordKind: access.record,
    recordId,
    action: actionOf(request, access),
    route: `${request.method} ${request.routeOptions.url ?? ''}`,
    ip: origin.ip,
    userAgent: origin.userAgent,
  }));
}

function actionOf(request: FastifyRequest, access: PatientAccess): TAccessAction {
  return typeof access.action === 'function' ? access.action(request) : access.action;
}

function recordIdOf(request: FastifyRequest, access: PatientAccess, answer: unknown): string | null {
  if (!access.recordId) return null;
  const [from, name] = access.recordId.split(':') as ['param' | 'answer', string];
  const source = from === 'answer' ? answer : request.params;
  const value = source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

function isAnswered(reply: FastifyReply): boolean {
  return (reply.statusCode >= 200 && reply.statusCode < 300) || reply.statusCode === 304;
}

function destroyStream(payload: unknown): void {
  if (payload && typeof (payload as { destroy?: unknown }).destroy === 'function') {
    (payload as { destroy: () => void }).destroy();
  }
}
