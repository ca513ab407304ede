import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logDestination, loggerOptions, serializeError } from './logger';

describe('serializeError', () => {
  it('keeps a failed query and its database error, without the values it carried', () => {
    const databaseError = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      code: '23505',
      detail: 'Key (email)=(ana@clinica.test) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into users (email, cpf) values ($1, $2)',
      ['ana@clinica.test', '52998224725'],
      databaseError,
    );

    const logged = JSON.stringify(serializeError(error));

    expect(logged).not.toContain('ana@clinica.test');
    expect(logged).not.toContain('52998224725');
    expect(logged).toContain('insert into users (email, cpf) values ($1, $2)');
    expect(logged).toContain('duplicate key value violates unique constraint');
    expect(logged).toContain('23505');
  });

  it('keeps out a thrown value that is not an error', () => {
    expect(serializeError('ana@clinica.test' as unknown as Error)).toEqual({
      type: 'string',
      message: '[redacted]',
      stack: '',
    });
  });
});

describe('request logging', () => {
  it('writes one line per request at debug, with the id of the lines the request logs itself', async () => {
    const lines: string[] = [];
    const app = Fastify(loggerOptions('debug', { write: (line: string) => void lines.push(line) }));
    app.get('/quiet', () => ({ ok: true }));
    app.get('/talks', (request) => {
      request.log.warn({ step: 1 }, 'something to say');
      return { ok: true };
    });
    await app.inject({ url: '/quiet' });
    await app.inject({ url: '/talks' });
    await app.close();

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.map(({ msg, reqId }) => [msg, reqId])).toEqual([
      ['request completed', 'req-1'],
      ['something to say', 'req-2'],
      ['request completed', 'req-2'],
    ]);
    expect(logged[0]).toMatchObject({ level: 20, method: 'GET', url: '/quiet', statusCode: 200 });
    expect(logged[1]).toMatchObject({ level: 40, step: 1 });
  });

  it('at info, writes the refused, failed and slow requests only', async () => {
    const lines: string[] = [];
    const app = Fastify(loggerOptions('info', { write: (line: string) => void lines.push(line) }));
    app.get('/quick', () => ({ ok: true }));
    app.get('/refused', (_request, reply) => reply.code(404).send({ detail: 'Not Found' }));
    app.get('/broken', () => {
      throw new Error('broken');
    });
    app.get('/slow', (_request, reply) => {
      // The answer reports 1.5 s taken, without waiting that long.
      Object.defineProperty(reply, 'elapsedTime', { value: 1500 });
      return { ok: true };
    });
    for (const url of ['/quick', '/refused', '/broken', '/slow']) await app.inject({ url });
    await app.close();

    const requestLines = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter(({ msg }) => msg === 'request completed');
    expect(requestLines.map(({ url, level }) => [url, level])).toEqual([
      ['/refused', 30],
      ['/broken', 50],
      ['/slow', 40],
    ]);
  });

  it('writes every line to its destination, accents included, when flushed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'escriba-log-'));
    const file = path.join(dir, 'server.log');
    const destination = logDestination(file);
    const lines = ['{"msg":"sessão encerrada"}\n', '{"msg":"consulta concluída"}\n'];
    for (const line of lines) destination.write(line);
    await new Promise<void>((resolve, reject) => destination.flush((error) => (error ? reject(error) : resolve())));
    expect(await readFile(file, 'utf8')).toBe(lines.join(''));
    destination.end();
    await rm(dir, { recursive: true, force: true });
  });
});
