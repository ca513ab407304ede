/**
 * What the first page of the web app downloads, gzipped, against the budget of 170 KB of JS for the
 * initial route, and what the server actually sends a browser that accepts brotli: the .br files the
 * build writes beside each asset (apps/web/vite.config.ts), or the file itself where there is none.
 * Run after `npm run build`: node --import tsx bench/web-bundle-size.ts
 *
 * The entry chunk and its static imports load on every first visit; then the router loads the page
 * chunk of the route (with its static imports) and the bundled icon set. Two first visits matter:
 * a guest sent to /log-in, and a signed-in professional opening / (home).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = join(import.meta.dirname, '../apps/web/dist');
const BUDGET_JS_BYTES = 170 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifestPath = join(DIST, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

function chunkOf(source: string): ManifestChunk {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`The build has no chunk for ${source}`);
  return chunk;
}

/** The files a chunk needs before it runs: itself, its static imports (transitively) and their CSS. */
function closure(sources: string[], files = new Set<string>()): Set<string> {
  for (const source of sources) {
    const chunk = chunkOf(source);
    if (files.has(chunk.file)) continue;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    closure(chunk.imports ?? [], files);
  }
  return files;
}

function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
}

function sentSize(file: string): number {
  const compressed = join(DIST, `${file}.br`);
  return statSync(existsSync(compressed) ? compressed : join(DIST, file)).size;
}

const entry = Object.keys(manifest).find((source) => manifest[source]?.isEntry);
if (!entry) throw new Error('The build has no entry chunk');
const icons = Object.keys(manifest).find((source) => source.includes('bundled-icons'));

const routes = {
  '/log-in (guest)': 'src/features/auth/pages/log-in-page.tsx',
  '/ (home)': 'src/features/home/pages/home-page.tsx',
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let isOverBudget = false;
console.log(`Web bundle, first page (gzip level 9); JS budget ${kb(BUDGET_JS_BYTES)}`);
for (const [route, page] of Object.entries(routes)) {
  const files = [...closure([entry, page, ...(icons ? [icons] : [])])];
  const sum = (extension: string, size: (file: string) => number) =>
    files.filter((file) => file.endsWith(extension)).reduce((total, file) => total + size(file), 0);
  const js = sum('.js', gzipSize);
  const css = sum('.css', gzipSize);
  const verdict = js <= BUDGET_JS_BYTES ? 'within budget' : 'OVER BUDGET';
  isOverBudget ||= js > BUDGET_JS_BYTES;
  console.log(
    `${route.padEnd(16)} JS ${kb(js).padStart(9)}  CSS ${kb(css).padStart(8)}  ${files.length} files  ` +
      `${((js / BUDGET_JS_BYTES) * 100).toFixed(0)}% of budget: ${verdict}; ` +
      `sent as br: JS ${kb(sum('.js', sentSize))}, CSS ${kb(sum('.css', sentSize))}`,
  );
}
process.exitCode = isOverBudget ? 1 : 0;
