import { z } from 'zod';

/**
 * pending_verification: signed up, e-mail not yet confirmed; cannot log in.
 * active: may log in. suspended: set by an administrator; every session ends at once.
 */
export const ZUserStatus = z.enum(['pending_verification', 'active', 'suspended']);
export type TUserStatus = z.infer<typeof ZUserStatus>;
