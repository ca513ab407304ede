/**
 * The browser's storage, or one kept in memory where the browser denies it (a page inside another site's frame
 * whose storage is blocked): the page then works the same and only forgets what it kept when reloaded.
 */
export function localStore(): Storage {
  return (local ??= openStorage(() => window.localStorage));
}

export function tabStore(): Storage {
  return (session ??= openStorage(() => window.sessionStorage));
}

let local: Storage | undefined;
let session: Storage | undefined;

function openStorage(open: () => Storage): Storage {
  try {
    const storage = open();
    storage.getItem('escriba');
    return storage;
  } catch {
    return memoryStorage();
  }
}

export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}
