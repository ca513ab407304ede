import type { IconifyIcon, IconifyJSON } from '@iconify/react/offline';
import type { IconName } from './icon-names';

/** Spec §9: an icon not found within this time is given up on (and a warning is logged). */
export const ICON_LOOKUP_TIMEOUT_MS = 1500;

export type IconLookup = (name: IconName) => Promise<IconifyIcon>;

/** Resolves icons from a lazily loaded collection, failing after `timeoutMs`. */
export function createIconLookup(load: () => Promise<IconifyJSON>, timeoutMs = ICON_LOOKUP_TIMEOUT_MS) {
  let collection: Promise<IconifyJSON> | undefined;
  const loaded = new Map<string, IconifyIcon>();

  function find(set: IconifyJSON, name: string): IconifyIcon {
    const icon = set.icons[name];
    if (!icon) throw new Error(`Icon "${name}" is not bundled`);
    const data = { width: set.width, height: set.height, ...icon };
    loaded.set(name, data);
    return data;
  }

  const lookup: IconLookup = (name) => {
    collection ??= load();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Icon "${name}" lookup timed out`)), timeoutMs);
    });
    return Promise.race([collection.then((set) => find(set, name)), timeout]).finally(() => clearTimeout(timer));
  };

  return { lookup, getLoaded: (name: IconName) => loaded.get(name) };
}

export const icons = createIconLookup(() => import('virtual:bundled-icons').then((module) => module.default));
