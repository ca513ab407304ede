import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Append-only (a trigger refuses UPDATE and DELETE): who did what, when, from where. Never secrets. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id'),
    subjectUserId: uuid('subject_user_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_events_subject_idx').on(table.subjectUserId, table.createdAt),
    // An administrator's detail page lists the actions they made on others too.
    index('audit_events_actor_idx').on(table.actorUserId, table.createdAt),
    index('audit_events_created_at_idx').on(table.createdAt),
  ],
);
