import type { TDependencyHealth } from '@escriba/contract';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../../platform/services';
import { probe, ProbeFailure, unconfigured } from './probe';

/** The database, Redis and file storage, each probed with a real round trip. */
export function dependencyHealth(app: App): Promise<TDependencyHealth[]> {
  return Promise.all([databaseHealth(app), redisHealth(app), storageHealth(app)]);
}

export function databaseHealth(app: App): Promise<TDependencyHealth> {
  return probe('Banco de dados', app.config.databaseUrl ? 'PostgreSQL' : 'PGlite (embutido)', async () => {
    await app.db.execute(sql`select 1`);
  });
}

export function redisHealth(app: App): Promise<TDependencyHealth> {
  const redis = app.redis;
  if (!redis) {
    return Promise.resolve(
      unconfigured(
        'Redis',
        'Em processo',
        'REDIS_URL não definido: mensagens ao vivo e limites valem só nesta instância',
      ),
    );
  }
  return probe('Redis', 'Redis', async () => {
    await redis.ping();
  });
}

/** A small file written, read back and removed. */
export function storageHealth(app: App): Promise<TDependencyHealth> {
  return probe('Arquivos', app.config.s3 ? `S3 (${app.config.s3.bucket})` : 'Disco (DATA_DIR)', async () => {
    const key = `system/health-${randomBytes(6).toString('hex')}`;
    const bytes = randomBytes(16);
    await app.storage.put(key, bytes);
    const read = await app.storage.get(key);
    await app.storage.remove(key);
    if (!read?.equals(bytes)) throw new ProbeFailure('O arquivo gravado não foi lido de volta');
  });
}
