import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessRowsOf, described } from '../../../test/access-log-test-setup';
import { createTestConsultation, createTestPatient } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { createTestApp, useTestApp } from '../../../test/test-app';
import { consultationUrl } from '../../../test/transcription-requests';
import { waitUntil } from '../../../test/wait-until';
import { storeFileEvidence } from '../admin-consultations/consultation-records';

const t = useTestApp();

// Refuses the rows of requests sent with this user agent, as a database refusing inserts would.
const REFUSED = 'registro-recusado';

async function refuseRowsOfRefusedAgent(): Promise<void> {
  await t.app.db.execute(sql`
    CREATE OR REPLACE FUNCTION test_refuse_access_row() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'access row refused for the test'; END; $$ LANGUAGE plpgsql`);
  await t.app.db.execute(
    sql.raw(`
    CREATE TRIGGER test_refuse_access_row BEFORE INSERT ON access_log FOR EACH ROW
    WHEN (NEW.user_agent = '${REFUSED}') EXECUTE FUNCTION test_refuse_access_row()`),
  );
}

/** The database's own message of the error a query ended with (drizzle wraps it as the cause). */
function refusal(query: Promise<unknown>): Promise<string> {
  return query.then(
    () => 'accepted',
    (error: Error) => (error.cause instanceof Error ? error.cause : error).message,
  );
}

describe('access_log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE to the application’s own database role', async () => {
    const user = await createLoggedInUser(t.app);
    const patient = await createTestPatient(t.app, user.headers);
    const [row] = await accessRowsOf(t.app, patient.id);
    for (const statement of [
      sql`UPDATE access_log SET action = 'read' WHERE id = ${row!.id}`,
      sql`DELETE FROM access_log WHERE id = ${row!.id}`,
      sql`TRUNCATE access_log`,
    ]) {
      expect(await refusal(t.app.db.execute(statement))).toMatch(/access_log is append-only/);
    }
    expect(await accessRowsOf(t.app, patient.id)).toEqual([row]);
  });

  it('takes the client address from X-Forwarded-For only when the app trusts its proxy (TRUST_PROXY)', async () => {
    const behindProxy = await createTestApp((config) => ({ ...config, trustProxy: true }), t);
    try {
      for (const app of [t.app, behindProxy.app]) {
        const user = await createLoggedInUser(app);
        const patient = await createTestPatient(app, {
          ...user.headers,
          'x-forwarded-for': '203.0.113.9',
        });
        const [row] = await accessRowsOf(app, patient.id);
        expect(row!.ip).toBe(app === t.app ? '127.0.0.1' : '203.0.113.9');
      }
    } finally {
      await behindProxy.close();
    }
  });

  it('withholds a read whose row cannot be stored, and keeps a change’s answer, storing its row once it can', async () => {
    const user = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, user.headers);
    const patientId = consultation.patient.id;
    const evidence = await storeFileEvidence(t.app, consultation.id, { status: 'ready', text: 'Hemograma.' });
    await refuseRowsOfRefusedAgent();
    const headers = { ...user.headers, 'user-agent': REFUSED };
    try {
      const read = await t.app.inject({ method: 'GET', url: `/api/v1/user/patients/${patientId}`, headers });
      expect(read.statusCode).toBe(503);
      expect(read.headers['retry-after']).toBe('10');
      expect(read.json()).toEqual({ detail: 'Não foi possível registrar este acesso. Tente novamente em instantes.' });
      const file = await t.app.inject({
        method: 'GET',
        url: consultationUrl(consultation.id, `/evidences/${evidence.id}/file`),
        headers,
      });
      expect(file.statusCode).toBe(503);
      expect(file.headers['content-type']).toMatch(/^application\/json/);
      expect(file.body).not.toContain('%PDF');

      const change = await t.app.inject({
        method: 'PATCH',
        url: consultationUrl(consultation.id, ''),
        headers,
        payload: { title: 'Retorno' },
      });
      expect(change.statusCode).toBe(200);
    } finally {
      await t.app.db.execute(sql`DROP TRIGGER test_refuse_access_row ON access_log`);
    }
    const rows = await waitUntil(async () => {
      const stored = await accessRowsOf(t.app, patientId);
      return stored.some((row) => row.userAgent === REFUSED) && stored;
    }, 'the change’s row stored by a retry');
    expect(rows.filter((row) => row.userAgent === REFUSED).map(described)).toEqual([
      'PATCH /api/v1/user/consultations/:id | consultation | update | -',
    ]);
  });
});
