import { describe, expect, it } from 'vitest';
import { parseMediaType } from './content-type';

describe('parseMediaType', () => {
  it('reads the media type whatever its casing, spacing and parameters', () => {
    expect(parseMediaType('application/json')).toBe('application/json');
    expect(parseMediaType('  Application/JSON ; charset="utf-8"')).toBe('application/json');
    expect(parseMediaType('multipart/form-data; boundary=----abc')).toBe('multipart/form-data');
  });

  it('refuses malformed headers', () => {
    for (const header of [
      'application/json garbage',
      'application/json\tjunk',
      'json',
      '',
      'application/json;',
      'a/b/c',
    ]) {
      expect(parseMediaType(header), header).toBeUndefined();
    }
  });
});
