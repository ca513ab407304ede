import { ZErrorBody } from '@escriba/contract';

/** What a route for signed-in professionals declares: its access, OpenAPI security, and error answers. */
export const USER_ACCESS = { access: 'user' } as const;
/** A route that creates something: safe to repeat with an Idempotency-Key (platform/http/idempotency.ts). */
export const USER_CREATE = { ...USER_ACCESS, idempotent: true } as const;
export const BEARER_SECURITY = [{ bearer: [] }];
export const USER_ROUTE_ERRORS = { 401: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

/** What an /api/v1/admin route declares: administrators only (403 for anyone else). */
export const ADMIN_ACCESS = { access: 'admin' } as const;
export const ADMIN_CREATE = { ...ADMIN_ACCESS, idempotent: true } as const;
export const ADMIN_ROUTE_ERRORS = { ...USER_ROUTE_ERRORS, 403: ZErrorBody };
