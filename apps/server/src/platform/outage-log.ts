import type { FastifyBaseLogger } from 'fastify';

/**
 * Logs a dependency's loss once and its return once, however many attempts fail in between
 * (a Redis client retries every two seconds; a database outage fails every request).
 */
export class OutageLog {
  private isDown = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly what: string,
    private readonly consequence: string,
  ) {}

  get isOngoing(): boolean {
    return this.isDown;
  }

  down(error: unknown): void {
    if (this.isDown) return;
    this.isDown = true;
    this.log.error({ err: error }, `${this.what} unreachable: ${this.consequence} until it returns`);
  }

  up(): void {
    if (!this.isDown) return;
    this.isDown = false;
    this.log.info(`${this.what} reachable again`);
  }
}
