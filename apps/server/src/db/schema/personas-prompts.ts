import type { TPromptPurpose } from '@escriba/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { specializations } from './reference';
import { users } from './users';

/** The assistant's voice and rules; a partial unique index keeps at most one default. */
export const personas = pgTable(
  'personas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    instructions: text('instructions').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    seedKey: text('seed_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('personas_one_default')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
    uniqueIndex('personas_seed_key').on(table.seedKey),
  ],
);

/**
 * The persona that writes the notes of a specialization's professionals instead of the default: at most one per
 * specialization. Deleting the persona drops its rows, and those professionals fall back to the default.
 */
export const specializationPersonas = pgTable(
  'specialization_personas',
  {
    specializationId: integer('specialization_id')
      .primaryKey()
      .references(() => specializations.id),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
  },
  (table) => [index('specialization_personas_persona_idx').on(table.personaId)],
);

/**
 * Instruction texts by purpose; `version` is the current one, every text is kept in prompt_versions.
 * At most one prompt per purpose is `active`: the one the generator uses.
 */
export const prompts = pgTable(
  'prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<TPromptPurpose>().notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(false),
    version: integer('version').notNull().default(1),
    seedKey: text('seed_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('prompts_one_active_per_purpose')
      .on(table.purpose)
      .where(sql`${table.active}`),
    uniqueIndex('prompts_seed_key').on(table.seedKey),
  ],
);

/** Every text a prompt has had; never updated, so a note's provenance always resolves. */
export const promptVersions = pgTable(
  'prompt_versions',
  {
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.promptId, table.version] })],
);
