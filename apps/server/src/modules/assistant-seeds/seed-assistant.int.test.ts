import { ZAnamnesisTemplateBody } from '@escriba/contract';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { openTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { anamnesisTemplates, personas, promptVersions, prompts } from '../../db/schema/index';
import { activePrompt } from './active-prompt';
import { defaultPersona } from './default-persona';
import { PERSONA_SEEDS } from './persona-seeds';
import { PROMPT_SEEDS } from './prompt-seeds';
import { seedAssistant } from './seed-assistant';
import { TEMPLATE_SEEDS } from './template-seeds';

const t = useTestApp();

async function seededRows(db: Database) {
  return {
    templates: await db
      .select()
      .from(anamnesisTemplates)
      .where(isNotNull(anamnesisTemplates.seedKey))
      .orderBy(asc(anamnesisTemplates.seedKey)),
    personas: await db.select().from(personas).orderBy(asc(personas.seedKey)),
    prompts: await db.select().from(prompts).orderBy(asc(prompts.seedKey)),
    versions: await db.select().from(promptVersions).orderBy(asc(promptVersions.promptId), asc(promptVersions.version)),
  };
}

describe('assistant seeds', () => {
  it('publish the shipped templates, personas with one default, and an active version 1 prompt per purpose', async () => {
    const rows = await seededRows(t.app.db);
    expect(rows.templates).toHaveLength(TEMPLATE_SEEDS.length);
    for (const template of rows.templates) {
      expect(template).toMatchObject({ ownerId: null, published: true, sourceTemplateId: null });
      // What a professional could save: valid fields with unique ids.
      const parsed = ZAnamnesisTemplateBody.safeParse({ name: template.name, fields: template.fields });
      expect(parsed.error, template.name).toBeUndefined();
    }
    const seeded = (seedKey: string) => rows.templates.find((row) => row.seedKey === seedKey)!;
    expect(seeded('template.pediatria').specializationId).toBe(49);
    expect(seeded('template.pre_natal').specializationId).toBe(24);
    expect(seeded('template.saude_mental').specializationId).toBe(51);
    const kinds = seeded('template.anamnese_completa').fields.map((field) => `${field.id}:${field.kind}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'identificacao:short',
        'medicacoes_em_uso:list',
        'alergias:list',
        'historia_doenca_atual:text',
      ]),
    );

    expect(rows.personas.map((row) => row.name)).toEqual(expect.arrayContaining(PERSONA_SEEDS.map((s) => s.name)));
    expect(rows.personas.filter((row) => row.isDefault).map((row) => row.name)).toEqual(['Clínico geral objetivo']);
    expect((await defaultPersona(t.app.db))?.name).toBe('Clínico geral objetivo');

    for (const seed of PROMPT_SEEDS) {
      const prompt = await activePrompt(t.app.db, seed.purpose);
      expect(prompt).toMatchObject({ version: 1, text: seed.text });
    }
    expect(rows.versions.every((version) => version.createdBy === null && version.version === 1)).toBe(true);
  });

  it('insert only what is missing: running again, even at once, neither duplicates nor overwrites', async () => {
    const [soap] = await t.app.db
      .update(anamnesisTemplates)
      .set({ name: 'SOAP da clínica', fields: [{ id: 's', title: 'S', instructions: '', kind: 'text' }] })
      .where(eq(anamnesisTemplates.seedKey, 'template.soap'))
      .returning();
    // An administrator made the pediatric persona the default and wrote version 2 of the anamnesis prompt.
    await t.app.db.transaction(async (tx) => {
      await tx.update(personas).set({ isDefault: false }).where(eq(personas.isDefault, true));
      await tx.update(personas).set({ isDefault: true }).where(eq(personas.seedKey, 'persona.pediatra'));
      const [prompt] = await tx
        .update(prompts)
        .set({ version: 2 })
        .where(eq(prompts.seedKey, 'prompt.anamnesis'))
        .returning();
      await tx.insert(promptVersions).values({ promptId: prompt!.id, version: 2, text: 'Versão da clínica' });
    });
    const before = await seededRows(t.app.db);

    await Promise.all([seedAssistant(t.app.db), seedAssistant(t.app.db)]);
    await seedAssistant(t.app.db);

    expect(await seededRows(t.app.db)).toEqual(before);
    expect(before.templates.find((row) => row.id === soap!.id)!.name).toBe('SOAP da clínica');
    expect((await defaultPersona(t.app.db))?.seedKey).toBe('persona.pediatra');
    expect(await activePrompt(t.app.db, 'anamnesis')).toMatchObject({ version: 2, text: 'Versão da clínica' });
  });

  it('seed an empty database once when two instances start together', async () => {
    const database = await openTestDatabase();
    try {
      await Promise.all([seedAssistant(database.db), seedAssistant(database.db), seedAssistant(database.db)]);
      const rows = await seededRows(database.db);
      expect(rows.templates).toHaveLength(TEMPLATE_SEEDS.length);
      expect(rows.personas).toHaveLength(PERSONA_SEEDS.length);
      expect(rows.prompts).toHaveLength(PROMPT_SEEDS.length);
      expect(rows.prompts.every((row) => row.active)).toBe(true);
      expect(rows.versions).toHaveLength(PROMPT_SEEDS.length);
    } finally {
      await database.close();
    }
  }, 90_000);

  it('answer 409 naming the purpose when no prompt is active', async () => {
    await t.app.db.update(prompts).set({ active: false }).where(eq(prompts.purpose, 'condense'));
    await expect(activePrompt(t.app.db, 'condense')).rejects.toMatchObject({
      statusCode: 409,
      detail: 'O assistente está sem prompt ativo de condensação de transcrição: avise o administrador.',
    });
    await t.app.db.update(prompts).set({ active: true }).where(eq(prompts.seedKey, 'prompt.condense'));
  });
});
