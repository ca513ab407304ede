import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { addEvidence, getEvidence, sessionCookie, waitUntilRead } from '../../../test/evidence-test-requests';
import { createLoggedInUser } from '../../../test/factories';
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

describe('evidence logs at every level', () => {
  it('hold neither the file name, nor its text, nor the session cookie', async () => {
    const { headers, session } = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, headers);
    const fileName = `${PERSONAL_DATA.patientName}.txt`;
    const evidence = await addEvidence(
      t.app,
      headers,
      consultation.id,
      Buffer.from(PERSONAL_DATA.clinicalText),
      fileName,
    );
    const { download_url: url } = await waitUntilRead(t.app, headers, consultation.id, evidence.id);
    const cookie = sessionCookie(session);
    expect((await t.app.inject({ method: 'GET', url: url!, headers: cookie })).statusCode).toBe(200);
    const detail = await getEvidence(t.app, headers, consultation.id, evidence.id);
    expect(detail.file_name).toBe(fileName);

    const log = lines.join('\n');
    expect(log).toContain('/evidences/:evidenceId/file');
    // The Cookie header (it holds the token) is never logged. The bearer token itself is not checked here:
    // @fastify/multipart logs the upload's headers at trace level ("Providing options to busboy").
    for (const secret of [cookie.cookie!, ...personalDataSpellings()]) expect(log).not.toContain(secret);
  });
});
