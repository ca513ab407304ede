import type { TAddress, THealthInsurance, TPatientSex } from '@escriba/contract';
import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A professional's patient; archived, never deleted, so past consultations keep their patient. */
export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    socialName: text('social_name'),
    // Name and social name folded (lower case, no accents), for search and sort that agree on
    // PGlite and PostgreSQL without extensions (unaccent and pg_trgm are not loaded in PGlite).
    searchKey: text('search_key').notNull(),
    birthDate: date('birth_date'),
    sex: text('sex').$type<TPatientSex>(),
    cpf: text('cpf'),
    phone: text('phone'),
    email: text('email'),
    address: jsonb('address').$type<TAddress>(),
    healthInsurance: jsonb('health_insurance').$type<THealthInsurance>(),
    notes: text('notes'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Target of the consultations' (user_id, patient_id) foreign key: a consultation's patient
    // always belongs to the consultation's professional.
    unique('patients_user_id_id_key').on(table.userId, table.id),
    uniqueIndex('patients_user_cpf_key')
      .on(table.userId, table.cpf)
      .where(sql`${table.cpf} is not null`),
    index('patients_user_search_key_idx').on(table.userId, table.searchKey, table.id),
    index('patients_user_created_at_idx').on(table.userId, table.createdAt, table.id),
  ],
);

export type PatientRow = typeof patients.$inferSelect;
