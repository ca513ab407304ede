import { desc, like } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/index';
import type { App } from '../../platform/services';

type Headers = Record<string, string>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls an admin route (`path` under /api/v1/admin, query included) with a JSON body when given. */
export function adminCall(app: App, headers: Headers | undefined, method: Method, path: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api/v1/admin${path}`,
    headers,
    ...(payload !== undefined && { payload: payload as object }),
  });
}

/** The audit rows of the assistant's admin actions on one kind of target, newest first. */
export function assistantAudit(app: App, kind: 'prompt' | 'persona' | 'template') {
  return app.db
    .select()
    .from(auditEvents)
    .where(like(auditEvents.action, `admin.${kind}.%`))
    .orderBy(desc(auditEvents.id));
}
