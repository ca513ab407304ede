import type { TAdminTemplate } from '@escriba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInAdmin } from '../../../test/admin-test-requests';
import { adminCall, type Method } from '../../../test/assistant-test-requests';
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

describe('admin prompt, persona and template routes in the logs', () => {
  it('leave out what an administrator writes in names, texts, field ids and query values', async () => {
    const { headers } = await createLoggedInAdmin(t.app);
    const field = {
      id: 'queixa',
      title: PERSONAL_DATA.patientName,
      instructions: PERSONAL_DATA.clinicalText,
      kind: 'text',
    };
    const template = (
      await adminCall(t.app, headers, 'POST', '/template/', { name: PERSONAL_DATA.professionalName, fields: [field] })
    ).json<TAdminTemplate>();
    const calls: [Method, string, unknown][] = [
      ['POST', '/prompt/', { purpose: 'condense', name: PERSONAL_DATA.patientName, text: PERSONAL_DATA.clinicalText }],
      ['POST', '/prompt/persona/', { name: PERSONAL_DATA.professionalName, instructions: PERSONAL_DATA.clinicalText }],
      ['POST', `/template/${template.id}/field`, { ...field, id: PERSONAL_DATA.cpf }],
      ['PUT', `/template/${template.id}/field/order?order=${encodeURIComponent(PERSONAL_DATA.patientName)}`, undefined],
      ['PUT', `/template/${template.id}/field/order?order=${PERSONAL_DATA.cpf}`, undefined],
      ['PUT', `/template/${template.id}/publish?publish=${encodeURIComponent(PERSONAL_DATA.email)}`, undefined],
      ['PUT', `/template/${template.id}/field/${PERSONAL_DATA.cpf}`, field],
      ['DELETE', `/template/${template.id}/field/${encodeURIComponent(PERSONAL_DATA.email)}`, undefined],
    ];
    const statuses: number[] = [];
    for (const [method, path, payload] of calls) {
      statuses.push((await adminCall(t.app, headers, method, path, payload)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 422, 422, 422, 422, 404]);
    const log = lines.join('\n');
    expect(log).toContain('/api/v1/admin/template/:id/field/order');
    for (const spelling of personalDataSpellings()) expect(log).not.toContain(spelling);
  });
});
