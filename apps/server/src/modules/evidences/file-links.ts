/** `file` (the original) or `variants/{name}`: the path after the evidence's. */
export type LinkedFile = 'file' | `variants/${string}`;

/**
 * The link to one of an evidence's files. It grants nothing by itself: the file routes open it only
 * for the owner's live session, whose token an <img> or a new tab sends in the same-site `session`
 * cookie. So a link copied from a shared computer's history stops working at log-out, "Encerrar
 * todas", a password reset, suspension or expiry, and stays the same for the browser's cache.
 */
export function fileLink(consultationId: string, evidenceId: string, file: LinkedFile): string {
  return `/api/v1/user/consultations/${consultationId}/evidences/${evidenceId}/${file}`;
}
