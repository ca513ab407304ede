import { z } from 'zod';
import type { App } from '../../platform/services';

/** The path parameters every live socket starts with. */
export const ZLiveParams = z.object({ userId: z.uuid(), streamToken: z.string().min(1).max(200) });

/** The usable session a live socket's path names (/v1/ws/user/{userId}/token/{streamToken}…), or undefined. */
export async function streamSession(app: App, userId: string, streamToken: string) {
  const store = app.authenticator.store;
  const active = await store.findByStreamToken(userId, streamToken);
  return active && !store.expiryReason(active) ? active : undefined;
}
