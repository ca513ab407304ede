// What the access log tests share; not part of the server.
import { asc, eq } from 'drizzle-orm';
import { accessLog } from '../src/db/schema/index';
import type { App } from '../src/platform/services';

/** Every stored access to the patient's data, oldest first. */
export function accessRowsOf(app: App, patientId: string) {
  return app.db.select().from(accessLog).where(eq(accessLog.patientId, patientId)).orderBy(asc(accessLog.id));
}

/** Every stored access made by the user, oldest first. */
export function accessRowsBy(app: App, actorUserId: string) {
  return app.db.select().from(accessLog).where(eq(accessLog.actorUserId, actorUserId)).orderBy(asc(accessLog.id));
}

/** A row as the assertions read it: the route, then what was touched and how. */
export function described(row: typeof accessLog.$inferSelect): string {
  return [row.route, row.recordKind, row.action, row.recordId ?? '-'].join(' | ');
}
