import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLoggedInAdmin } from '../../../test/admin-test-requests';
import { uniqueWord } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { anamnesisTemplates, consultations, idempotencyKeys, licenses, patients } from '../../db/schema';

const t = useTestApp();

type Headers = Record<string, string>;
const PATIENTS = '/api/v1/user/patients/';
const withKey = (headers: Headers, key: string) => ({ ...headers, 'idempotency-key': key });

// PostgreSQL's xmin names the transaction that last wrote a row.
const WRITER = sql<string>`xmin::text`;
async function writerOf(table: PgTable & { id: PgColumn }, id: string): Promise<string | undefined> {
  const [row] = await t.app.db.select({ writer: WRITER }).from(table).where(eq(table.id, id));
  return row?.writer;
}
async function keyWriterOf(key: string): Promise<string | undefined> {
  const [row] = await t.app.db.select({ writer: WRITER }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  return row?.writer;
}

// A crash after the create's commit cannot leave its key pending (idempotency-crash.int.test.ts kills the process).
describe('Idempotency-Key: the answer commits with the create', () => {
  // Rows nothing writes again afterwards (an evidence's is, by the job that reads it).
  it('keeps each answer in the transaction that creates what it stands for', async () => {
    const user = await createLoggedInUser(t.app);
    const admin = await createLoggedInAdmin(t.app);
    const field = { id: 'queixa', title: 'Queixa', instructions: 'Nas palavras do paciente.', kind: 'short' };
    const adminTemplate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/template/',
      headers: admin.headers,
      payload: { name: `Modelo ${uniqueWord()}`, fields: [field] },
    });
    const creates = [
      { url: PATIENTS, headers: user.headers, payload: { name: `Iara ${uniqueWord()}` }, table: patients },
      {
        url: '/api/v1/user/consultations/',
        headers: user.headers,
        payload: { patient: { name: `Caio ${uniqueWord()}` } },
        table: consultations,
      },
      {
        url: '/api/v1/user/templates/anamnesis/',
        headers: user.headers,
        payload: { name: `Modelo ${uniqueWord()}`, fields: [field] },
        table: anamnesisTemplates,
      },
      {
        url: '/api/v1/user/me/license/',
        headers: user.headers,
        payload: { license_type_id: 1, number: String(Date.now() % 1_000_000), state: 'SP' },
        table: licenses,
      },
      {
        url: `/api/v1/admin/template/${adminTemplate.json<{ id: string }>().id}/field`,
        headers: admin.headers,
        payload: { ...field, id: 'exames', title: 'Exames' },
        table: anamnesisTemplates,
      },
    ];
    for (const { url, headers, payload, table } of creates) {
      const key = randomUUID();
      const created = await t.app.inject({ method: 'POST', url, headers: withKey(headers, key), payload });
      expect(created.statusCode, `${url}: ${created.body}`).toBeLessThan(300);
      expect(await keyWriterOf(key), url).toBe(await writerOf(table, created.json<{ id: string }>().id));
    }
  });
});
