import { desc, like } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { auditEvents } from '../src/db/schema/index';
import type { App } from '../src/platform/services';
import { createLoggedInAdmin } from './admin-test-requests';
import { createLoggedInUser } from './factories';
import type { TestApp } from './test-app';

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

/**
 * An administrator and a professional, logged in before the file's tests, and `call`, which calls an
 * admin route as the administrator unless other headers are given.
 */
export function useAdminScene(t: TestApp) {
  let admin: Headers = {};
  const scene = {
    adminId: '',
    professional: {} as Headers,
    call: (method: Method, path: string, payload?: unknown, as: Headers = admin) =>
      adminCall(t.app, as, method, path, payload),
  };
  beforeAll(async () => {
    const loggedIn = await createLoggedInAdmin(t.app);
    admin = loggedIn.headers;
    scene.adminId = loggedIn.user.id;
    scene.professional = (await createLoggedInUser(t.app)).headers;
  });
  return scene;
}

/** The audit rows of the assistant's admin actions on one kind of target, newest first. */
export function assistantAudit(app: App, kind: 'prompt' | 'persona' | 'template') {
  return app.db
    .select()
    .from(auditEvents)
    .where(like(auditEvents.action, `admin.${kind}.%`))
    .orderBy(desc(auditEvents.id));
}
