import { IDEMPOTENCY_KEY_HEADER, unquoteIdempotencyKey, ZIdempotentHeaders } from '@escriba/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { sessionOf } from '../auth/access';
import { AppError } from '../errors';
import { asList } from './route-hooks';
import type { App } from '../services';
import {
  claimKey,
  purgeExpiredKeys,
  type KeepAnswer,
  releaseClaim,
  storeAnswer,
  type IdempotencyClaim,
  type StoredAnswer,
} from './idempotency-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A create: a repeat with the same Idempotency-Key gets the first answer and creates nothing. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: KeyClaim | null;
  }
}

interface KeyClaim extends IdempotencyClaim {
  /** Whether the create kept its answer in its own transaction. */
  isAnswerKept: boolean;
}

// A repeat waits this long for the first request with its key to answer, then is told to try again.
const WAIT_FOR_FIRST_MS = 30_000;
// The answer's headers a repeat gets too; the rest (dates, compression, security) are set anew.
const REPLAYED_HEADERS = ['content-type', 'location'];
// What Fastify sends with a serialized answer.
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Makes the routes whose config says `idempotent: true` safe to repeat (README "API conventions"):
 * their schema gains the Idempotency-Key header, and a repeat by the same user gets the first 2xx
 * answer, waiting for it while the first request runs. Registered before compression, so the answer
 * is kept as the route sent it.
 */
export function registerIdempotency(app: App): void {
  app.decorateRequest('idempotencyClaim', null);
  // Hooks on the idempotent routes only: every other request pays nothing for them.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    if (!route.schema || route.schema.headers) {
      throw new Error(`Idempotent route ${route.url} needs a schema without its own headers`);
    }
    route.schema.headers = ZIdempotentHeaders;
    route.preHandler = [...asList(route.preHandler), (request, reply) => answerRepeat(app, request, reply)];
    route.onSend = [...asList(route.onSend), (request, reply, payload) => keepAnswer(app, request, reply, payload)];
  });
}

/** A repeat gets the first answer (waiting for it while the first request runs); a first request claims its key. */
async function answerRepeat(app: App, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const header = request.headers['idempotency-key'];
  if (typeof header !== 'string') return;
  const claim = { userId: sessionOf(request).user.id, key: unquoteIdempotencyKey(header) };
  const outcome = await claimOrWait(app, claim, fingerprintOf(request));
  if (outcome === 'claimed') {
    request.idempotencyClaim = { ...claim, isAnswerKept: false };
    return;
  }
  return reply.code(outcome.statusCode).headers(outcome.headers).send(outcome.body);
}

/**
 * Sets the status of an idempotent route's answer and gives its create what keeps that answer, to be called in
 * the create's transaction.
 */
export function answerKeeper(request: FastifyRequest, reply: FastifyReply, statusCode: number): KeepAnswer {
  reply.code(statusCode);
  return async (tx, answer) => {
    const claim = request.idempotencyClaim;
    if (!claim) return;
    // Serialized as the route's schema answers it, the same text the request itself then sends.
    const body = reply.getSerializationFunction(String(statusCode))!(answer as Record<string, unknown>);
    await storeAnswer(tx, claim, { statusCode, headers: { 'content-type': JSON_TYPE }, body });
    claim.isAnswerKept = true;
  };
}

/** The first request's answer, kept for its repeats unless its create kept it (or its claim given up, for an error). */
async function keepAnswer(app: App, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const claim = request.idempotencyClaim;
  if (!claim) return payload;
  request.idempotencyClaim = null;
  try {
    const answer = answerToKeep(reply, payload);
    if (!answer) await releaseClaim(app.db, claim);
    // A 2xx whose create kept nothing created nothing (it found what it would have made).
    else if (!claim.isAnswerKept) await storeAnswer(app.db, claim, answer);
    await app.pubsub.publish(channelOf(claim), {});
  } catch (error) {
    // The create itself committed: its answer still goes out; a repeat finds the key pending.
    request.log.error({ err: error }, 'idempotency key not settled');
  }
  return payload;
}

async function claimOrWait(app: App, claim: IdempotencyClaim, fingerprint: string): Promise<'claimed' | StoredAnswer> {
  // Purged once per request with a key, not at each look while a repeat waits.
  await purgeExpiredKeys(app.db);
  const first = await claimKey(app.db, claim, fingerprint);
  if (first !== 'pending') return first;
  let wake = () => {};
  const unsubscribe = await app.pubsub.subscribe(channelOf(claim), () => wake());
  try {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const settled = new Promise<boolean>((resolve) => {
        wake = () => resolve(true);
        timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
      });
      try {
        // Looked at again after subscribing: the first may have answered before the subscription was live.
        const outcome = await claimKey(app.db, claim, fingerprint);
        if (outcome !== 'pending') return outcome;
        if (!(await settled)) {
          throw new AppError(
            'conflict',
            `Uma requisição com esta ${IDEMPOTENCY_KEY_HEADER} ainda está em andamento; tente novamente em instantes`,
          );
        }
      } finally {
        clearTimeout(timer);
      }
    }
  } finally {
    await unsubscribe();
  }
}

// The request a key stands for: a multipart upload is streamed to its handler, so its size stands for its body.
function fingerprintOf(request: FastifyRequest): string {
  const body =
    request.body === undefined ? `length:${request.headers['content-length']}` : JSON.stringify(request.body);
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('base64url');
}

// Errors are not kept (a corrected repeat must run), nor anything but a serialized body.
function answerToKeep(reply: FastifyReply, payload: unknown): StoredAnswer | undefined {
  if (reply.statusCode < 200 || reply.statusCode >= 300 || typeof payload !== 'string') return undefined;
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return { statusCode: reply.statusCode, headers, body: payload };
}

function channelOf(claim: IdempotencyClaim): string {
  return `idempotency.${claim.userId}.${claim.key}`;
}
