import { describe, expect, it } from 'vitest';
import { idempotencyKeyHeader } from './idempotency';

describe('idempotencyKeyHeader', () => {
  it('keeps one key per action: the same file sent again has the same key, another file a new one', () => {
    const file = new File(['exame'], 'exame.pdf');
    const first = idempotencyKeyHeader(file);
    expect(first['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(idempotencyKeyHeader(file)).toEqual(first);
    expect(idempotencyKeyHeader(new File(['exame'], 'exame.pdf'))).not.toEqual(first);
  });

  it('gives a request without an action of its own a new key each time', () => {
    expect(idempotencyKeyHeader()).not.toEqual(idempotencyKeyHeader());
  });
});
