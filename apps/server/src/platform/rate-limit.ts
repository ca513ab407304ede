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

  /** `refusal` words the 429's detail from the seconds to wait (by default "Muitas tentativas…" in minutes). */
  constructor(
    name: string,
    rule: RateLimitRule,
    redis: { client: Redis; prefix: string } | undefined,
    private readonly refusal: (retryAfterSeconds: number) => string = tryAgainInMinutes,
  ) {
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
      if (error instanceof RateLimiterRes) throw this.tooMany(error);
      throw error;
    }
  }

  /** A `.catch` for the work `consume` counted: a work that fails gives its use back, so only what was done counts. */
  refundOnFailure(key: string): (error: unknown) => Promise<never> {
    return async (error) => {
      await this.limiter.reward(key, 1);
      throw error;
    };
  }

  /** Throws 429 when the key is already over its limit, without counting. */
  async assertAllowed(key: string): Promise<void> {
    const state = await this.limiter.get(key);
    if (state && state.remainingPoints <= 0) throw this.tooMany(state);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }

  private tooMany(state: RateLimiterRes): AppError {
    const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    return new AppError('rate_limited', this.refusal(seconds), { headers: { 'retry-after': String(seconds) } });
  }
}

function tryAgainInMinutes(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Muitas tentativas. Tente novamente em ${minutes} minuto${minutes > 1 ? 's' : ''}.`;
}

/** "40 segundos", "1 minuto", "12 minutos": a wait as a sentence says it. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} segundo${seconds > 1 ? 's' : ''}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minuto${minutes > 1 ? 's' : ''}`;
}
