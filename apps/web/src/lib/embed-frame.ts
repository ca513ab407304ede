/** The embedded panel's pages (README "Inside another system"): the server lets EMBED_ORIGINS frame them. */
export const EMBED_PREFIX = '/embed/';

export function isEmbedPath(pathname: string = window.location.pathname): boolean {
  return pathname.startsWith(EMBED_PREFIX);
}

/** Whether this page runs inside another page's frame. */
export function isFramed(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * The origin of the page framing this one: what the browser reports (Chromium and Safari list the ancestors;
 * elsewhere the frame's referrer names it). The server's frame-ancestors already refused any origin not allowed.
 */
export function embeddingOrigin(): string | undefined {
  if (!isFramed()) return undefined;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}
