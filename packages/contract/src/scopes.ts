import { z } from 'zod';

export const ZScope = z.enum(['user', 'admin']);
export type TScope = z.infer<typeof ZScope>;

export const ADMIN_SCOPE: TScope = 'admin';

export function isAdmin(scopes: readonly string[]): boolean {
  return scopes.includes(ADMIN_SCOPE);
}
