/** Spec §9: after a failed chunk load the page reloads once; the guard lasts 10 s. */
export const RELOAD_GUARD_MS = 10_000;
const GUARD_KEY = 'escriba:chunk-reload-at';

/** Reloads unless a reload already happened within the guard; answers whether it reloaded. */
export function reloadOnce(storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void, now = Date.now()) {
  const last = storage.getItem(GUARD_KEY);
  if (last !== null && now - Number(last) < RELOAD_GUARD_MS) return false;
  storage.setItem(GUARD_KEY, String(now));
  reload();
  return true;
}

/** A dynamic import failed: typically a deploy replaced the chunk this page still points at. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    // Chromium, Firefox and Safari word it differently; Vite's preloader reports a page's missing CSS.
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}
