import type { TDefaultTemplate, TLicenseType, TSpecialization } from '@escriba/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { useTestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/factories';
import { anamnesisTemplates, licenseTypes, specializations } from '../../db/schema/index';
import { GENERAL_ANAMNESIS_FIELDS, GENERAL_TEMPLATE_SEED_KEY } from './default-template';

// A generation price other than the default, so the client configuration is seen to carry the server's.
const t = useTestApp((config) => ({ ...config, credits: { ...config.credits, generationCost: 3, documentCost: 2 } }));

const SEED_FILE = path.resolve(import.meta.dirname, '../../../drizzle/0002_reference_data.sql');
const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/common${url}` });

describe('GET /api/v1/common/license-types', () => {
  it('lists the Brazilian professional councils, without a session', async () => {
    const response = await get('/license-types');
    expect(response.statusCode).toBe(200);
    const types = response.json<TLicenseType[]>();
    const codes = types.map((type) => type.code);
    for (const code of ['CRM', 'CRO', 'COREN', 'CRP', 'CRN', 'CREFITO', 'CRF', 'CRFa']) expect(codes).toContain(code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(types.find((type) => type.code === 'CRM')).toEqual({
      id: 1,
      code: 'CRM',
      name: 'Conselho Regional de Medicina',
      profession: 'Medicina',
    });
    for (const type of types) expect(type.name).toMatch(/^Conselho Regional de /);
  });
});

describe('GET /api/v1/common/specializations', () => {
  it("lists the CFM's 55 medical specialties and those of the other professions, sorted by name", async () => {
    const response = await get('/specializations');
    expect(response.statusCode).toBe(200);
    const all = response.json<TSpecialization[]>();
    const medical = all.filter((item) => item.license_type_id === 1);
    expect(medical).toHaveLength(55);
    for (const name of ['Cardiologia', 'Pediatria', 'Medicina de Família e Comunidade', 'Psiquiatria', 'Urologia']) {
      expect(medical.map((item) => item.name)).toContain(name);
    }
    const types = new Set(all.map((item) => item.license_type_id));
    for (const councilId of [2, 3, 4, 5, 6, 7, 8]) expect(types).toContain(councilId);
    const names = all.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(new Set(all.map((item) => item.id)).size).toBe(all.length);
    const councilIds = new Set((await get('/license-types')).json<TLicenseType[]>().map((type) => type.id));
    for (const item of all) expect(councilIds).toContain(item.license_type_id);
  });
});

describe('GET /api/v1/common/specializations/{id} and /{id}/default', () => {
  it('answers one specialization', async () => {
    const response = await get('/specializations/5');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 5, name: 'Cardiologia', license_type_id: 1 });
  });

  it('answers the published general anamnesis, the pediatric one for pediatrics, from the seeded templates', async () => {
    const [general] = await t.app.db
      .select()
      .from(anamnesisTemplates)
      .where(eq(anamnesisTemplates.seedKey, GENERAL_TEMPLATE_SEED_KEY));
    const cardiology = await get('/specializations/5/default');
    expect(cardiology.statusCode).toBe(200);
    const template = cardiology.json<TDefaultTemplate>();
    expect(template).toEqual({
      id: general!.id,
      name: 'Anamnese completa',
      specialization_id: 5,
      fields: [...GENERAL_ANAMNESIS_FIELDS],
    });
    expect(template.fields.map((field) => field.id)).toEqual(
      expect.arrayContaining(['queixa_principal', 'historia_doenca_atual', 'alergias', 'conduta']),
    );

    const pediatrics = (await get('/specializations/49/default')).json<TDefaultTemplate>();
    expect(pediatrics.name).toBe('Pediatria');
    const ids = pediatrics.fields.map((field) => field.id);
    expect(ids).toContain('vacinacao');
    expect(ids.indexOf('vacinacao')).toBeLessThan(ids.indexOf('exame_fisico'));
    expect(new Set(ids).size).toBe(ids.length);

    const nutrition = (await get('/specializations/125/default')).json<TDefaultTemplate>();
    expect(nutrition).toMatchObject({ id: general!.id, specialization_id: 125, fields: [...GENERAL_ANAMNESIS_FIELDS] });
  });

  it('answers a template published for the specialty first, and not one merely owned by a professional', async () => {
    const { user } = await createTestUser(t.app);
    const fields = [
      { id: 'ritmo', title: 'Ritmo cardíaco', instructions: 'Ritmo e frequência.', kind: 'short' as const },
    ];
    await t.app.db
      .insert(anamnesisTemplates)
      .values({ ownerId: user.id, name: 'Meu cardio', specializationId: 5, fields });
    expect((await get('/specializations/5/default')).json<TDefaultTemplate>().name).toBe('Anamnese completa');

    const [published] = await t.app.db
      .insert(anamnesisTemplates)
      .values({ name: 'Cardiologia', specializationId: 5, published: true, fields })
      .returning();
    expect((await get('/specializations/5/default')).json()).toEqual({
      id: published!.id,
      name: 'Cardiologia',
      specialization_id: 5,
      fields,
    });
    await t.app.db.delete(anamnesisTemplates).where(eq(anamnesisTemplates.id, published!.id));
  });

  it('answers 404 for an unknown id and 422 for one that is not a positive integer', async () => {
    for (const url of ['/specializations/999', '/specializations/999/default', '/specializations/56']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Especialidade não encontrada' });
    }
    for (const id of ['abc', '0', '-3', '2.5', '99999999999', '%00', '5;DROP']) {
      for (const suffix of ['', '/default']) {
        const response = await get(`/specializations/${id}${suffix}`);
        expect(response.statusCode, id + suffix).toBe(422);
        expect(errorLocs(response)).toEqual([['params', 'id']]);
      }
    }
  });

  it('ignores query parameters on these public reads', async () => {
    expect((await get('/specializations/5?utm=x')).statusCode).toBe(200);
  });
});

describe('GET /api/v1/common/client-config', () => {
  it('answers the postal-code lookup host, the price of a generation and of a document, and the largest evidence file the server takes', async () => {
    const response = await get('/client-config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      cep_lookup_url: t.config.cepLookupUrl,
      generation_credit_cost: 3,
      document_credit_cost: 2,
      max_upload_bytes: t.config.evidences.maxUploadBytes,
    });
    expect(t.config.evidences.maxUploadBytes).toBe(25 * 1024 * 1024);
    expect(t.config.cepLookupUrl).toBe('https://viacep.com.br');
  });
});

describe('reference data seeding', () => {
  async function snapshot() {
    return {
      licenseTypes: await t.app.db.select().from(licenseTypes).orderBy(asc(licenseTypes.id)),
      specializations: await t.app.db.select().from(specializations).orderBy(asc(specializations.id)),
    };
  }

  it('is idempotent: applying the seed migration again leaves the same rows', async () => {
    const before = await snapshot();
    expect(before.licenseTypes.length).toBeGreaterThanOrEqual(8);
    expect(before.specializations.length).toBeGreaterThan(55);
    const statements = (await readFile(SEED_FILE, 'utf8')).split('--> statement-breakpoint');
    for (let round = 0; round < 2; round++) {
      for (const statement of statements) await t.app.db.execute(sql.raw(statement));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('restores rows changed by hand to their seeded values', async () => {
    const before = await snapshot();
    await t.app.db.execute(sql`update specializations set name = 'Nome trocado' where id = 5`);
    const statements = (await readFile(SEED_FILE, 'utf8')).split('--> statement-breakpoint');
    for (const statement of statements) await t.app.db.execute(sql.raw(statement));
    expect(await snapshot()).toEqual(before);
  });
});
