import { ZConsultationStatus, type TConsultationStatus } from '@escriba/contract';
import { boolean, check, foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from './checks';
import { patients } from './patients';
import { users } from './users';

export const consultations = pgTable(
  'consultations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id').notNull(),
    status: text('status').$type<TConsultationStatus>().notNull().default('draft'),
    title: text('title'),
    chiefComplaint: text('chief_complaint'),
    // Title and chief complaint folded like patients.search_key, for the list's text filter.
    searchKey: text('search_key').notNull().default(''),
    userContext: text('user_context').notNull().default(''),
    // Who confirmed the patient's consent to record, and when (issue 9): recording starts only after.
    consentConfirmedBy: uuid('consent_confirmed_by'),
    consentConfirmedAt: timestamp('consent_confirmed_at', { withTimezone: true }),
    // Who confirmed the patient's consent to AI processing (CFM Res. 2.454/2026), and when.
    aiConsentConfirmedBy: uuid('ai_consent_confirmed_by'),
    aiConsentConfirmedAt: timestamp('ai_consent_confirmed_at', { withTimezone: true }),
    // false: a consultation without AI (no recording, no transcription, no generation; notes by hand).
    aiEnabled: boolean('ai_enabled').notNull().default(true),
    // The last time it was concluded: a patient's record is kept RECORD_RETENTION_YEARS from then.
    concludedAt: timestamp('concluded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'consultations_patient_fk',
      columns: [table.userId, table.patientId],
      foreignColumns: [patients.userId, patients.id],
    }),
    // One index per list filter, each in the list's order (read backwards: most recent first).
    index('consultations_user_created_at_idx').on(table.userId, table.createdAt, table.id),
    index('consultations_user_patient_created_at_idx').on(table.userId, table.patientId, table.createdAt, table.id),
    index('consultations_user_status_created_at_idx').on(table.userId, table.status, table.createdAt, table.id),
    // The admin list: every professional's consultations, most recent first.
    index('consultations_created_at_idx').on(table.createdAt),
    check('consultations_status_known', isOneOf(table.status, ZConsultationStatus.options)),
  ],
);

export type ConsultationRow = typeof consultations.$inferSelect;
