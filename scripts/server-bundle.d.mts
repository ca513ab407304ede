/** Bundles the server (main.js, ops.js) into `outdir`, a folder inside the project. */
export function bundleServer(outdir: string): Promise<void>;
