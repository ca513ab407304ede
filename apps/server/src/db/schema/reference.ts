import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Professional councils; rows are seeded by migration with fixed ids. */
export const licenseTypes = pgTable('license_types', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  profession: text('profession').notNull(),
});

export const specializations = pgTable('specializations', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  licenseTypeId: integer('license_type_id')
    .notNull()
    .references(() => licenseTypes.id),
});
