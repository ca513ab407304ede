import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRequest, createLoggedInAdmin } from '../../../test/admin-test-requests';
import { createTestUser } from '../../../test/factories';
import { PERSONAL_DATA, personalDataSpellings } from '../../../test/personal-data-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp((config) => ({ ...config, logLevel: 'trace' }), undefined, {
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(() => t.close());

describe('admin routes in the logs', () => {
  it('leave out the names, e-mails, CPFs and reasons an administrator sends, answered or refused', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const target = await createTestUser(t.app, { name: PERSONAL_DATA.professionalName });
    const id = target.user.id;
    const calls: [method: 'GET' | 'POST' | 'DELETE', path: string, query: Record<string, string>][] = [
      ['GET', '/user/', { name: PERSONAL_DATA.professionalName, email: PERSONAL_DATA.email }],
      ['GET', '/user/', { cpf: PERSONAL_DATA.formattedCpf }],
      ['GET', '/user/', { name: PERSONAL_DATA.patientName, status: PERSONAL_DATA.email }],
      ['GET', `/user/${id}`, {}],
      ['POST', `/user/${id}/add-bonus-credit`, { amount: '5', reason: PERSONAL_DATA.clinicalText }],
      ['POST', `/user/${id}/add-bonus-credit`, { amount: PERSONAL_DATA.cpf, reason: PERSONAL_DATA.patientName }],
      ['POST', `/user/${id}/set-status`, { status: PERSONAL_DATA.email }],
      ['GET', `/user/${id}/session`, { page: PERSONAL_DATA.cpf }],
      ['DELETE', `/user/${id}`, { confirm: PERSONAL_DATA.email }],
      ['DELETE', `/user/${PERSONAL_DATA.formattedCpf}`, { confirm: PERSONAL_DATA.email }],
      ['GET', '/consultation/', { user_id: PERSONAL_DATA.cpf, status: PERSONAL_DATA.patientName }],
    ];
    const statuses: number[] = [];
    for (const [method, path, query] of calls) {
      statuses.push((await adminRequest(t.app, admin.headers, method, path, query)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 422, 200, 200, 422, 422, 422, 422, 422, 422]);
    const log = lines.join('\n');
    expect(log).toContain('/api/v1/admin/user/:id/add-bonus-credit');
    for (const spelling of personalDataSpellings()) expect(log).not.toContain(spelling);
  });
});
