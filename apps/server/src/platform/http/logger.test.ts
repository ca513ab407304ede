import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serializeError } from './logger';

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
