import type { WorkerOptions } from 'node:worker_threads';

/** A worker thread's code and how Node starts it: `new Worker(script.filename, script.options)`. */
export interface WorkerScript {
  filename: string | URL;
  options?: WorkerOptions;
}

// Defined by scripts/build.mjs in its bundles; absent under tsx and vitest.
declare const ESCRIBA_BUNDLE: true | undefined;

/**
 * A worker thread's script, from its TypeScript source: in a build, the bundle scripts/build.mjs makes of it
 * beside main.js (`name`.js); under tsx (`npm run dev`, the benches) and vitest, the source itself. Bundled
 * code sees its sources' paths in import.meta.url (scripts/build.mjs), so the bundle is found from this
 * file's place in the tree.
 */
export function workerScript(name: string, source: URL): WorkerScript {
  if (typeof ESCRIBA_BUNDLE !== 'undefined') return { filename: new URL(`../../dist/${name}.js`, import.meta.url) };
  return typeScriptWorker(source);
}

/** A worker running a TypeScript file through tsx (a development dependency: never in a build). */
export function typeScriptWorker(source: URL, options: WorkerOptions = {}): WorkerScript {
  // Node 20 loads a worker's entry before the worker's own --import hooks, so tsx is registered first here.
  const api = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`;
  return { filename: code, options: { ...options, eval: true } };
}
