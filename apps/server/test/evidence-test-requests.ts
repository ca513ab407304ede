// Requests the evidence tests (and bench/evidence.ts) make; not part of the server.
import type { TEvidence, TEvidenceDetail, TTokenResponse } from '@escriba/contract';
import type { App } from '../src/platform/services';
import { multipartChunk, consultationUrl } from './transcription-requests';
import { waitUntil } from './wait-until';

type Headers = Record<string, string>;

/**
 * The Cookie header a browser sends with an <img> or a new tab of the web app: its `session` cookie
 * (spec §3, written by apps/web/src/lib/session-store.ts) among the others, and no bearer token.
 */
export function sessionCookie(session: TTokenResponse): Headers {
  const stored = {
    sessionToken: session.access_token,
    expiresAt: session.expires_at,
    session: session.session_id,
    streamToken: session.stream_token,
  };
  const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  return { cookie: `user=${json(session.user)}; session=${json(stored)}` };
}

/** POST .../evidences/add-evidence with the file in the multipart field `file`. */
export function postEvidence(app: App, headers: Headers, consultationId: string, file: Buffer, fileName = 'exame.pdf') {
  const body = multipartChunk(file, fileName, 'application/octet-stream');
  return app.inject({
    method: 'POST',
    url: consultationUrl(consultationId, '/evidences/add-evidence'),
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** Uploads a file and answers the evidence, failing unless it was accepted (201). */
export async function addEvidence(
  app: App,
  headers: Headers,
  consultationId: string,
  file: Buffer,
  fileName?: string,
): Promise<TEvidence> {
  const response = await postEvidence(app, headers, consultationId, file, fileName);
  if (response.statusCode !== 201) throw new Error(`evidence not added: ${response.statusCode} ${response.body}`);
  return response.json<TEvidence>();
}

export async function getEvidence(
  app: App,
  headers: Headers,
  consultationId: string,
  evidenceId: string,
): Promise<TEvidenceDetail> {
  const response = await app.inject({
    method: 'GET',
    url: consultationUrl(consultationId, `/evidences/${evidenceId}`),
    headers,
  });
  if (response.statusCode !== 200) throw new Error(`evidence: ${response.statusCode} ${response.body}`);
  return response.json<TEvidenceDetail>();
}

/** The evidence once its reading has ended (ready or unreadable). */
export function waitUntilRead(
  app: App,
  headers: Headers,
  consultationId: string,
  evidenceId: string,
  timeoutMs = 30_000,
): Promise<TEvidenceDetail> {
  return waitUntil(
    async () => {
      const evidence = await getEvidence(app, headers, consultationId, evidenceId);
      return (evidence.status === 'ready' || evidence.status === 'unreadable') && evidence;
    },
    `evidence ${evidenceId} read`,
    timeoutMs,
  );
}
