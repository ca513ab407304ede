/**
 * Bundles the server (main.js, ops.js) into `outdir`, a folder inside the project; `extra` adds entry points
 * (name → source file) and esbuild defines.
 */
export function bundleServer(
  outdir: string,
  extra?: { entryPoints?: Record<string, string>; define?: Record<string, string> },
): Promise<void>;
