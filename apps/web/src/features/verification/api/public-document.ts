import type { TPublicDocument } from '@escriba/contract';
import { createHttpClient } from '../../../lib/http-client';

// Without a session: a 401 here is a wrong code, never the end of a session open in this browser.
const publicApi = createHttpClient({ baseURL: '/api/v1', getToken: () => undefined, onUnauthorized: () => {} });

/** GET /public/documents/{public_id}?code=: what the page shows once the code is right (401 wrong, 404 unknown or revoked). */
export function openPublicDocument(publicId: string, code: string): Promise<TPublicDocument> {
  // Not retried: each try with a wrong code counts against the document's limit.
  return publicApi<TPublicDocument>(`/public/documents/${encodeURIComponent(publicId)}`, { query: { code }, retry: 0 });
}
