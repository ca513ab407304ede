import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NOT_APP_PATHS = /^\/(api|v1)(\/|$)/;

/**
 * Serves the built single-page app: its files, and index.html for every other GET so the client
 * router answers. API and live-channel paths that match nothing answer a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasWebApp = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text file (apps/web/vite.config.ts); the one the
      // browser accepts is sent, with Vary: Accept-Encoding, else the file itself.
      preCompressed: true,
      // Set after @fastify/send's own cache-control (`public, max-age=0`), which it replaces.
      setHeaders(reply, filePath) {
        // Vite fingerprints what it puts under assets/; those never change under the same name. The
        // rest (index.html first) keeps its name across releases, so the browser asks each time.
        const isFingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isFingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !NOT_APP_PATHS.test(request.url);
    if (hasWebApp && isPageRequest) {
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ detail: 'Not Found' });
  });
}
