import type { TRefreshResponse } from '@escriba/contract';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgotPassword, resetPassword } from '../../../test/account-requests';
import { Mailbox } from '../../../test/mailbox';
import { consultationUrl } from '../../../test/transcription-requests';
import { adminRequest, createLoggedInAdmin } from '../../../test/admin-test-requests';
import { NOTE, useEvidenceSetup } from '../../../test/evidence-test-setup';
import { addEvidence, getEvidence, sessionCookie, waitUntilRead } from '../../../test/evidence-test-requests';

// Issue 17 §6: a file link opens only for its owner's live session, whose token an <img> or a new
// tab sends in the same-site `session` cookie. A request without a live session is 401 (as any
// call without one); a live session that may not see the file (another professional's, deleted) is
// 404, as the app answers for another's records.
const { t, professionalWithConsultation, open } = useEvidenceSetup();
afterEach(() => vi.useRealTimers());

/** A professional with a note added to a consultation, and the link to it as the API gives it. */
async function ownerOfNote() {
  const owner = await professionalWithConsultation();
  const evidence = await addEvidence(t.app, owner.headers, owner.consultation.id, Buffer.from(NOTE), 'nota.txt');
  const { download_url: url } = await getEvidence(t.app, owner.headers, owner.consultation.id, evidence.id);
  const opened = await open(url!, owner.cookie);
  expect(opened.statusCode).toBe(200);
  return { ...owner, evidence, url: url!, etag: opened.headers.etag as string };
}

/** The link answers 401 to the cookie, and to a browser revalidating the copy it cached (its ETag). */
async function expectClosed({ url, etag }: { url: string; etag: string }, cookie: Record<string, string>) {
  const response = await open(url, cookie);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ detail: 'Sessão inválida ou expirada' });
  const revalidation = await open(url, { ...cookie, 'if-none-match': etag });
  expect(revalidation.statusCode).toBe(401);
}

describe('evidence file links', () => {
  // An image, for its renditions: reading it (OCR included) takes a while on a busy machine.
  it('open with the session cookie (an <img>, a new tab) or a bearer token only', { timeout: 90_000 }, async () => {
    const owner = await professionalWithConsultation();
    const image = await sharp({ create: { width: 700, height: 400, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const added = await addEvidence(t.app, owner.headers, owner.consultation.id, image, 'foto.png');
    const read = await waitUntilRead(t.app, owner.headers, owner.consultation.id, added.id, 60_000);
    const links = [read.download_url!, read.thumbnail_url!, ...read.variants.map((variant) => variant.url)];
    expect(read.download_url).toBe(consultationUrl(owner.consultation.id, `/evidences/${added.id}/file`));
    for (const link of links) {
      const withCookie = await open(link, owner.cookie);
      expect(withCookie.statusCode, link).toBe(200);
      // The answer depends on the session: kept by the browser only, and checked again before each use.
      expect(withCookie.headers).toMatchObject({
        'cache-control': 'private, no-cache',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'",
      });
      expect(withCookie.headers['content-disposition']).toMatch(/^inline; filename="foto/);
      const etag = withCookie.headers.etag as string;
      const revalidated = await open(link, { ...owner.cookie, 'if-none-match': etag });
      expect([revalidated.statusCode, revalidated.body]).toEqual([304, '']);
      expect((await open(link, owner.headers)).statusCode, link).toBe(200);
      const anonymous = await open(link);
      expect(anonymous.statusCode, link).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Não autenticado' });
      expect((await open(link, { 'if-none-match': etag })).statusCode, link).toBe(401);
    }
    // A link given before this change still opens for its owner, and only for them.
    const older = `${read.download_url!}?expires=9999999999&signature=${'a'.repeat(43)}`;
    expect((await open(older, owner.cookie)).statusCode).toBe(200);
    expect((await open(older)).statusCode).toBe(401);
  });

  it('stop opening when the professional logs out', async () => {
    const { cookie, headers, ...link } = await ownerOfNote();
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/token/logout', headers })).statusCode).toBe(204);
    await expectClosed(link, cookie);
  });

  it('stop opening when an administrator ends all the sessions ("Encerrar todas")', async () => {
    const { cookie, user, ...link } = await ownerOfNote();
    const admin = await createLoggedInAdmin(t.app);
    const ended = await adminRequest(t.app, admin.headers, 'DELETE', `/user/${user.id}/sessions`);
    expect(ended.statusCode).toBe(200);
    await expectClosed(link, cookie);
  });

  it('stop opening when the password is reset', async () => {
    const { cookie, email, user, ...link } = await ownerOfNote();
    expect((await forgotPassword(t.app, { email, cpf: user.cpf! })).statusCode).toBe(202);
    const code = Mailbox.codeIn(await t.mailbox.next(email, /Redefinição de senha/));
    const reset = await resetPassword(t.app, { code, new_password: 'outra senha do consultório' });
    expect(reset.statusCode).toBe(200);
    await expectClosed(link, cookie);
  });

  it('stop opening when the professional is suspended, and stay closed once reactivated', async () => {
    const { cookie, user, ...link } = await ownerOfNote();
    const admin = await createLoggedInAdmin(t.app);
    const setStatus = (status: string) =>
      adminRequest(t.app, admin.headers, 'POST', `/user/${user.id}/set-status`, { status });
    expect((await setStatus('suspended')).statusCode).toBe(200);
    await expectClosed(link, cookie);
    expect((await setStatus('active')).statusCode).toBe(200);
    await expectClosed(link, cookie);
  });

  it('stop opening once the session has been idle too long', async () => {
    const { cookie, ...link } = await ownerOfNote();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + t.config.session.idleTimeoutMs + 1_000 });
    await expectClosed(link, cookie);
  });

  it('stop opening once the session reaches its maximum age, even while in use', async () => {
    const { session, url, etag } = await ownerOfNote();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    // In use all along: the web app refreshes its token, writes it to the cookie, and shows the file.
    let token = session.access_token;
    const cookie = () => sessionCookie({ ...session, access_token: token });
    const step = t.config.session.idleTimeoutMs / 2;
    for (let at = start + step; at < start + t.config.session.maxAgeMs - step; at += step) {
      vi.setSystemTime(at);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/token/refresh',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refreshed.statusCode).toBe(200);
      token = refreshed.json<TRefreshResponse>().access_token;
      expect((await open(url, cookie())).statusCode).toBe(200);
    }
    vi.setSystemTime(start + t.config.session.maxAgeMs + 1_000);
    await expectClosed({ url, etag }, cookie());
  });

  it('answer 404 to another professional’s session, and to the owner’s once the evidence is deleted', async () => {
    const { url, etag, cookie, headers, consultation, evidence } = await ownerOfNote();
    const other = await professionalWithConsultation();
    const notFound = { detail: 'Evidência não encontrada' };
    for (const link of [url, url.replace(consultation.id, other.consultation.id)]) {
      const response = await open(link, other.cookie);
      expect(response.statusCode, link).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    const deleting = await t.app.inject({
      method: 'DELETE',
      url: consultationUrl(consultation.id, `/evidences/${evidence.id}`),
      headers,
    });
    expect(deleting.statusCode).toBe(204);
    const deleted = await open(url, cookie);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual(notFound);
    const revalidation = await open(url, { ...cookie, 'if-none-match': etag });
    expect(revalidation.statusCode).toBe(404);
    expect((await open(url)).statusCode).toBe(401);
  });
});
