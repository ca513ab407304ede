import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisTemplates, personas, promptVersions, prompts } from '../../db/schema/index';
import { PERSONA_SEEDS } from './persona-seeds';
import { PROMPT_SEEDS } from './prompt-seeds';
import { TEMPLATE_SEEDS } from './template-seeds';

/**
 * Inserts the shipped templates, personas and prompts that are missing, by seed key. A seeded row is
 * never updated: administrators may have changed it. Instances starting together insert each row once
 * (ON CONFLICT DO NOTHING on the unique seed keys).
 */
export async function seedAssistant(db: Database): Promise<void> {
  await db
    .insert(anamnesisTemplates)
    .values(TEMPLATE_SEEDS.map((seed) => ({ ...seed, ownerId: null, published: true })))
    .onConflictDoNothing();

  await db
    .insert(personas)
    .values(
      PERSONA_SEEDS.map((seed) => ({
        ...seed,
        // The default an administrator chose stays the default.
        isDefault: seed.isDefault
          ? sql<boolean>`not exists (select 1 from ${personas} where ${personas.isDefault})`
          : false,
      })),
    )
    .onConflictDoNothing();

  for (const seed of PROMPT_SEEDS) {
    await db.transaction(async (tx) => {
      const [prompt] = await tx
        .insert(prompts)
        .values({
          seedKey: seed.seedKey,
          purpose: seed.purpose,
          name: seed.name,
          version: 1,
          // Active unless an administrator already made another prompt the active one for this purpose.
          active: sql<boolean>`not exists (select 1 from ${prompts} where ${prompts.purpose} = ${seed.purpose} and ${prompts.active})`,
        })
        .onConflictDoNothing()
        .returning({ id: prompts.id });
      if (prompt) await tx.insert(promptVersions).values({ promptId: prompt.id, version: 1, text: seed.text });
    });
  }
}
