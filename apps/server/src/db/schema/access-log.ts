import {
  ZAccessAction,
  ZAccessActorRole,
  ZAccessRecordKind,
  type TAccessAction,
  type TAccessActorRole,
  type TAccessRecordKind,
} from '@escriba/contract';
import { bigserial, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { isOneOf } from './checks';

/**
 * Who saw or changed which part of a patient's record, when and from where (issue 21 §1). Append-only (a trigger
 * refuses UPDATE, DELETE and TRUNCATE), and without foreign keys: it outlives the patient, the consultation and the
 * accounts it names. Identifiers only, never clinical text, names or query values.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for an access by an issued document's code, which has no account. */
    actorUserId: uuid('actor_user_id'),
    actorRole: text('actor_role').$type<TAccessActorRole>().notNull(),
    /** The professional whose patient it is. */
    ownerUserId: uuid('owner_user_id'),
    patientId: uuid('patient_id'),
    consultationId: uuid('consultation_id'),
    recordKind: text('record_kind').$type<TAccessRecordKind>().notNull(),
    recordId: text('record_id'),
    action: text('action').$type<TAccessAction>().notNull(),
    /** The route's pattern (`GET /api/v1/user/patients/:id`), never its values. */
    route: text('route').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('access_log_patient_idx').on(table.patientId, table.createdAt, table.id),
    index('access_log_actor_idx').on(table.actorUserId, table.createdAt, table.id),
    index('access_log_created_at_idx').on(table.createdAt, table.id),
    check('access_log_actor_role_known', isOneOf(table.actorRole, ZAccessActorRole.options)),
    check('access_log_actor_known', sql`(${table.actorUserId} IS NULL) = (${table.actorRole} = 'document_code')`),
    check('access_log_record_kind_known', isOneOf(table.recordKind, ZAccessRecordKind.options)),
    check('access_log_action_known', isOneOf(table.action, ZAccessAction.options)),
  ],
);
