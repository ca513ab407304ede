import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLoggedInAdmin } from '../../../test/admin-test-requests';
import { uniqueWord } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { anamnesisTemplates, licenses, personas, prompts, userSpecializations } from '../../db/schema';

const t = useTestApp();

type Headers = Record<string, string>;

const field = (id: string) => ({ id, title: `Campo ${id}`, instructions: `Instruções de ${id}.`, kind: 'text' });

/** A create route, what it is sent, and how many rows it made (or fields, for a template's new field). */
interface CreateCase {
  route: string;
  isAdmin: boolean;
  /** Prepares what the request needs and answers its URL, body and the count of what it creates. */
  prepare: (
    headers: Headers,
    userId: string,
  ) => Promise<{ url: string; payload?: object; count: () => Promise<number> }>;
}

const adminTemplate = async (headers: Headers, name: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/template/',
    headers,
    payload: { name, fields: [field('queixa')] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
};

const CASES: CreateCase[] = [
  {
    route: 'POST /admin/prompt/',
    isAdmin: true,
    prepare: async () => {
      const name = `Prompt ${uniqueWord()}`;
      return {
        url: '/api/v1/admin/prompt/',
        payload: { purpose: 'anamnesis', name, text: 'Escreva a anamnese.' },
        count: async () => (await t.app.db.select().from(prompts).where(eq(prompts.name, name))).length,
      };
    },
  },
  {
    route: 'POST /admin/prompt/persona/',
    isAdmin: true,
    prepare: async () => {
      const name = `Persona ${uniqueWord()}`;
      return {
        url: '/api/v1/admin/prompt/persona/',
        payload: { name, description: '', instructions: 'Seja objetivo.' },
        count: async () => (await t.app.db.select().from(personas).where(eq(personas.name, name))).length,
      };
    },
  },
  {
    route: 'POST /admin/template/',
    isAdmin: true,
    prepare: async () => {
      const name = `Modelo ${uniqueWord()}`;
      return {
        url: '/api/v1/admin/template/',
        payload: { name, fields: [field('queixa')] },
        count: async () =>
          (await t.app.db.select().from(anamnesisTemplates).where(eq(anamnesisTemplates.name, name))).length,
      };
    },
  },
  {
    route: 'POST /admin/template/{id}/field',
    isAdmin: true,
    prepare: async (headers) => {
      const id = await adminTemplate(headers, `Modelo ${uniqueWord()}`);
      return {
        url: `/api/v1/admin/template/${id}/field`,
        payload: field('conduta'),
        count: async () =>
          (await t.app.db.select().from(anamnesisTemplates).where(eq(anamnesisTemplates.id, id)))[0]!.fields.length,
      };
    },
  },
  {
    route: 'POST /user/me/license/',
    isAdmin: false,
    prepare: async (_headers, userId) => ({
      url: '/api/v1/user/me/license/',
      payload: { license_type_id: 1, number: '123456', state: 'SP' },
      count: async () => (await t.app.db.select().from(licenses).where(eq(licenses.userId, userId))).length,
    }),
  },
  {
    route: 'POST /user/me/specialization/',
    isAdmin: false,
    prepare: async (_headers, userId) => ({
      url: '/api/v1/user/me/specialization/?specialization=5',
      count: async () =>
        (await t.app.db.select().from(userSpecializations).where(eq(userSpecializations.userId, userId))).length,
    }),
  },
];

describe('Idempotency-Key on the creates of settings (admin templates, personas, prompts; licenses; specializations)', () => {
  for (const { route, isAdmin, prepare } of CASES) {
    it(`${route}: the same key twice creates once and answers the same`, async () => {
      const { headers, user } = isAdmin ? await createLoggedInAdmin(t.app) : await createLoggedInUser(t.app);
      const { url, payload, count } = await prepare(headers, user.id);
      const before = await count();
      const keyed = { ...headers, 'idempotency-key': randomUUID() };
      const send = () => t.app.inject({ method: 'POST', url, headers: keyed, ...(payload && { payload }) });
      const first = await send();
      const repeat = await send();
      expect(first.statusCode, first.body).toBeLessThan(300);
      expect(repeat.statusCode, repeat.body).toBe(first.statusCode);
      expect(repeat.json()).toEqual(first.json());
      expect(await count()).toBe(before + 1);
    });
  }
});
