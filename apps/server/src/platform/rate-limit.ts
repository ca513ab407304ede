import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitRule } from '../config';
import { AppError } from './errors';

/**
 * A named counter per key; shared through Redis when there is one, so every instance counts
 * together. While Redis is unreachable each instance counts on its own, so log-in and the other
 * limited routes keep answering, at once.
 */
export class RateLimit {
  private readonly limiter: RateLimiterAbstract;

  constructor(name: string, rule: RateLimitRule, redis: { client: Redis; prefix: string } | undefined) {
    const options = {
      keyPrefix: `${redis?.prefix ?? ''}rl:${name}`,
      points: rule.points,
      duration: rule.durationSeconds,
    };
    this.limiter = redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis.client,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  }

  /** Counts one attempt; throws 429 with Retry-After once the key is over its limit. */
  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyAttempts(error);
      throw error;
    }
  }

  /** Throws 429 when the key is already over its limit, without counting. */
  async assertAllowed(key: string): Promise<void> {
    const state = await this.limiter.get(key);
    if (state && state.remainingPoints <= 0) throw tooManyAttempts(state);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

function tooManyAttempts(state: RateLimiterRes): AppError {
  const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'rate_limited',
    `Muitas tentativas. Tente novamente em ${minutes} minuto${minutes > 1 ? 's' : ''}.`,
    {
      headers: { 'retry-after': String(seconds) },
    },
  );
}
