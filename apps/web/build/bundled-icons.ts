import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { ICON_NAMES } from '../src/lib/icon-names.ts';

const MODULE_ID = 'virtual:bundled-icons';
const RESOLVED_ID = '\0' + MODULE_ID;

interface IconSet {
  prefix: string;
  icons: Record<string, unknown>;
  width?: number;
  height?: number;
}

/**
 * Serves `virtual:bundled-icons`: only the Lucide icons the app names, so no icon is fetched
 * from the network at run time and the 600 KB full set stays out of the bundle.
 */
export function bundledIcons(): Plugin {
  return {
    name: 'escriba-bundled-icons',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const path = createRequire(import.meta.url).resolve('@iconify-json/lucide/icons.json');
      const set = JSON.parse(readFileSync(path, 'utf8')) as IconSet;
      const icons = Object.fromEntries(
        ICON_NAMES.map((name) => {
          const icon = set.icons[name];
          if (!icon) throw new Error(`Lucide has no icon named "${name}"`);
          return [name, icon];
        }),
      );
      const subset = { prefix: set.prefix, width: set.width, height: set.height, icons };
      return `export default ${JSON.stringify(subset)};`;
    },
  };
}
