import { describe, expect, it } from 'vitest';
import { ZIdParam } from './reference';
import { ZPageQuery } from './pagination';
import { ZChunkQuery } from './transcription';

describe('integers read from paths and query strings', () => {
  it('take decimal digits only', () => {
    expect(ZIdParam.parse({ id: '16' })).toEqual({ id: 16 });
    expect(ZChunkQuery.parse({ seq: '0' })).toEqual({ seq: 0 });
    expect(ZPageQuery.parse({ page: '007' })).toEqual({ page: 7, page_size: 20 });
    for (const text of ['0x10', '1e1', ' 16', '16 ', '+16', '-1', '1.5', '', '٣']) {
      expect(ZIdParam.safeParse({ id: text }).success, text).toBe(false);
      expect(ZChunkQuery.safeParse({ seq: text }).success, text).toBe(false);
      expect(ZPageQuery.safeParse({ page_size: text }).success, text).toBe(false);
    }
  });

  it('keep the range messages of each parameter', () => {
    const issues = ZPageQuery.safeParse({ page: '0' }).error?.issues;
    expect(issues?.map((issue) => issue.message)).toEqual(['A página começa em 1']);
    expect(ZIdParam.safeParse({ id: 'abc' }).error?.issues[0]?.message).toBe('Use apenas algarismos de 0 a 9');
  });
});
