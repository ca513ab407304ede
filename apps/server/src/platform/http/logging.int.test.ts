import type { TTokenResponse } from '@escriba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Mailbox } from '../../../test/mailbox';
import { createTestConsultation } from '../../../test/clinical-factories';
import { uniqueCpf, uniqueEmail } from '../../../test/factories';
import {
  PERSONAL_DATA,
  personalDataSpellings,
  sendPersonalDataToEveryRoute,
} from '../../../test/personal-data-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { confirmConsent, postChunk } from '../../../test/transcription-requests';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp((config) => ({ ...config, logLevel: 'trace' }), undefined, {
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(() => t.close());

describe('logs at every level', () => {
  it('never contain passwords, tokens, codes or new passwords, even where they travel in the URL', async () => {
    const email = uniqueEmail();
    const cpf = uniqueCpf();
    const password = 'senha-de-cadastro-secreta';
    const newPassword = 'nova-senha-bem-secreta';
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/',
      payload: { name: 'Dra. Lia Reis', email, cpf, phone: '11987654321', password },
    });
    const verifyCode = Mailbox.codeIn(await t.mailbox.next(email, /Confirme/));
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/verify-account',
      payload: { code: verifyCode, password },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token',
      payload: new URLSearchParams({ username: email, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const session = login.json<TTokenResponse>();
    // An upload: the multipart parser logs its options at trace level, the request's headers among them.
    const bearer = { authorization: `Bearer ${session.access_token}` };
    const consultation = await createTestConsultation(t.app, bearer);
    await confirmConsent(t.app, bearer, consultation.id);
    expect((await postChunk(t.app, bearer, consultation.id, 0, Buffer.from('RIFF'))).statusCode).toBeLessThan(500);

    const origin = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
    const socket = new WebSocket(`${origin}/v1/ws/user/${session.user.id}/token/${session.stream_token}`);
    await new Promise((resolve) => socket.once('message', resolve));
    socket.close();

    await t.app.inject({ method: 'POST', url: `/api/v1/user/forgot-password?email=${email}&cpf=${cpf}` });
    const resetCode = Mailbox.codeIn(await t.mailbox.next(email, /Redefini/));
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/reset-password?new_password=${newPassword}&code=${encodeURIComponent(resetCode)}`,
    });
    expect(reset.statusCode).toBe(200);

    const log = lines.join('\n');
    expect(log).toContain('/api/v1/user/reset-password');
    for (const secret of [password, newPassword, verifyCode, resetCode, session.access_token, session.stream_token]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('new_password=[redacted]');
    expect(log).toContain('/token/:streamToken');
  });

  it('never contain personal or clinical data sent to any route, in the path, the query or the body', async () => {
    const statuses = await sendPersonalDataToEveryRoute(t.app);
    for (const value of [PERSONAL_DATA.email, PERSONAL_DATA.formattedCpf, PERSONAL_DATA.patientName]) {
      const unknownPath = await t.app.inject({ method: 'GET', url: `/api/v1/user/${encodeURIComponent(value)}/x` });
      expect(unknownPath.statusCode).toBe(404);
    }

    expect(statuses.length).toBeGreaterThan(60);
    expect(statuses.filter((status) => status < 300).length, 'requests that reached a handler').toBeGreaterThan(10);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const log = lines.join('\n');
    expect(log).toContain('/api/v1/user/forgot-password?');
    for (const spelling of personalDataSpellings()) {
      expect(log).not.toContain(spelling);
    }
  });
});
