import { describe, expect, it } from 'vitest';
import { randomToken } from './crypto';
import { SealedData } from './sealed-data';

describe('sealed data', () => {
  const secret = randomToken();
  const data = Buffer.from('conteúdo do certificado');

  it('opens what it sealed for the same owner, and never shows the data in the sealed form', () => {
    const box = new SealedData(secret, 'certificates');
    const sealed = box.seal(data, 'user-1');
    expect(box.open(sealed, 'user-1')).toEqual(data);
    expect(Buffer.from(sealed, 'base64').includes(data)).toBe(false);
    expect(box.seal(data, 'user-1')).not.toBe(sealed);
  });

  it('refuses another owner, another purpose or secret, and a changed byte', () => {
    const box = new SealedData(secret, 'certificates');
    const sealed = box.seal(data, 'user-1');
    expect(() => box.open(sealed, 'user-2')).toThrow();
    expect(() => new SealedData(secret, 'other').open(sealed, 'user-1')).toThrow();
    expect(() => new SealedData(randomToken(), 'certificates').open(sealed, 'user-1')).toThrow();
    const changed = Buffer.from(sealed, 'base64');
    changed[changed.length - 1]! ^= 1;
    expect(() => box.open(changed.toString('base64'), 'user-1')).toThrow();
  });
});
