// The server bundled by esbuild: apps/server/src/main.ts into main.js and its backup and restore command
// (src/ops/command.ts) into ops.js, the contract inside, every other package left to Node. Used by the
// production build (scripts/build.mjs) and by the server's test run (apps/server/test/global-setup.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Bundles the server into `outdir`, which must be inside the project: Node resolves the packages the bundle
 * leaves out from there (node_modules). `extra` adds entry points (name → source) and esbuild defines.
 */
export async function bundleServer(outdir, extra = {}) {
  // Imported only to build: a production install (without dev dependencies) runs a fresh build as is.
  const { build } = await import('esbuild');
  await build({
    entryPoints: {
      main: path.join(ROOT, 'apps/server/src/main.ts'),
      ops: path.join(ROOT, 'apps/server/src/ops/command.ts'),
      ...extra.entryPoints,
    },
    ...(extra.define && { define: extra.define }),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    // Helpers for the paths sourceLocation writes in place of import.meta.dirname and import.meta.filename.
    banner: {
      js: "import { dirname as __escribaDirname } from 'node:path'; import { fileURLToPath as __escribaFileURLToPath } from 'node:url';",
    },
    plugins: [externalPackages(), sourceLocation(outdir)],
  });
}

/**
 * Leaves every package to Node's resolution at run time (native addons, workers, wasm and data files
 * stay where their package expects them), except the workspace's own TypeScript packages
 * (@escriba/contract), which Node cannot import and so are bundled.
 */
function externalPackages() {
  return {
    name: 'external-packages',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@escriba/') ? undefined : { path: args.path, external: true },
      );
    },
  };
}

/**
 * Gives each bundled module its own source location in import.meta.url, .dirname and .filename, as
 * under tsx: paths relative to a module (drizzle/ migrations, the web app's dist/, package.json, the
 * OCR language data) resolve from the bundle to the same files as from the sources.
 */
function sourceLocation(outdir) {
  return {
    name: 'source-location',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const fromBundle = path.relative(outdir, args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url)`;
        const replacements = {
          url: `${url}.href`,
          filename: `__escribaFileURLToPath(${url})`,
          dirname: `__escribaDirname(__escribaFileURLToPath(${url}))`,
        };
        const contents = source.replace(/\bimport\.meta\.(url|filename|dirname)\b/g, (_, key) => replacements[key]);
        return { contents, loader: 'ts' };
      });
    },
  };
}
