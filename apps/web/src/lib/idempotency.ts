import { IDEMPOTENCY_KEY_HEADER } from '@escriba/contract';

const keys = new WeakMap<object, string>();

/**
 * The Idempotency-Key header of a request that creates something (README "API conventions"): one key
 * per user action, the same one whenever the same action (object: the file being uploaded, the
 * submitted body) is sent again, so that a retry never creates twice.
 */
export function idempotencyKeyHeader(action: object = {}): Record<string, string> {
  let key = keys.get(action);
  if (!key) {
    key = crypto.randomUUID();
    keys.set(action, key);
  }
  return { [IDEMPOTENCY_KEY_HEADER]: key };
}
