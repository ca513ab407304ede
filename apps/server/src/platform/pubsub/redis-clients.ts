import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { OutageLog } from '../outage-log';

export interface RedisClients {
  /** Publishing and rate limits. */
  commands: Redis;
  /** Held in subscriber mode by RedisPubSub. */
  subscriber: Redis;
}

// A command waits at most this long for an answer: a hung Redis must not hang a log-in.
const COMMAND_TIMEOUT_MS = 1_000;

/**
 * The two connections an instance keeps to Redis. Neither waits for Redis: while it is
 * unreachable (at start or later) commands fail at once, callers fall back (in-memory rate
 * limits, best-effort messages), and the clients keep reconnecting in the background.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): RedisClients {
  const outage = new OutageLog(
    log,
    'redis',
    'running degraded (rate limits per instance, no live messages or cache invalidations between instances)',
  );
  const commands = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  // RedisPubSub subscribes again by itself on every connection, including channels asked for while Redis was down.
  const subscriber = commands.duplicate({ autoResubscribe: false, commandTimeout: undefined });
  for (const client of [commands, subscriber]) {
    // Without a listener ioredis prints a stack to stderr on every reconnection attempt.
    client.on('error', (error: Error) => outage.down(error));
    client.on('ready', () => outage.up());
  }
  return { commands, subscriber };
}

/** Closes a client whether or not Redis is reachable (QUIT cannot be sent to a Redis that is down). */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit();
  else client.disconnect();
}
