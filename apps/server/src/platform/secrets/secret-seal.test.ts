import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { SecretSeal, SecretsKeyUnavailableError } from './secret-seal';
import { formatSecretsKey, generateSecretsKey, parseSecretsKey } from './secrets-key';

describe('secret seal', () => {
  const key = generateSecretsKey();
  const seal = new SecretSeal(key);
  const data = Buffer.from('conteúdo do certificado');

  it('opens what it sealed for the same owner, names the key that sealed it, never shows the data', () => {
    const sealed = seal.seal('user-certificates', data, 'user-1');
    expect(seal.open('user-certificates', sealed, 'user-1')).toEqual(data);
    expect(sealed).toMatch(new RegExp(`^s1\\.${key.id}\\.[A-Za-z0-9+/]+=*$`));
    expect(Buffer.from(sealed.split('.')[2]!, 'base64').includes(data)).toBe(false);
    expect(seal.seal('user-certificates', data, 'user-1')).not.toBe(sealed);
    expect(seal.keyStatus(sealed)).toBe('available');
  });

  it('refuses another owner and a changed byte; tells another key and no key apart from damage', () => {
    const sealed = seal.seal('user-certificates', data, 'user-1');
    expect(() => seal.open('user-certificates', sealed, 'user-2')).toThrow('authenticate');
    const [format, id, body] = sealed.split('.');
    const changed = Buffer.from(body!, 'base64');
    changed[changed.length - 1]! ^= 1;
    expect(() => seal.open('user-certificates', `${format}.${id}.${changed.toString('base64')}`, 'user-1')).toThrow(
      'authenticate',
    );

    const other = new SecretSeal(generateSecretsKey());
    expect(other.keyStatus(sealed)).toBe('different');
    expect(() => other.open('user-certificates', sealed, 'user-1')).toThrow(
      new SecretsKeyUnavailableError('different'),
    );
    const none = new SecretSeal(undefined);
    expect(none.keyStatus(sealed)).toBe('missing');
    expect(() => none.open('user-certificates', sealed, 'user-1')).toThrow(new SecretsKeyUnavailableError('missing'));
    expect(() => none.seal('user-certificates', data, 'user-1')).toThrow(SecretsKeyUnavailableError);
  });
});

describe('secrets key', () => {
  const key = generateSecretsKey();

  it('reads 32 bytes as base64, URL-safe base64 or hex, the same key (and id) each way', () => {
    for (const text of [formatSecretsKey(key), key.bytes.toString('base64url'), key.bytes.toString('hex')]) {
      expect(parseSecretsKey(`${text}\n`, 'SECRETS_KEY')).toEqual(key);
    }
  });

  it('says what is wrong with a malformed key, naming where it came from and never echoing it', () => {
    expect(() => parseSecretsKey(key.bytes.subarray(0, 20).toString('base64'), 'The key file /k')).toThrow(
      'The key file /k holds 20 bytes; the key must be 32 random bytes written as base64 or hex',
    );
    expect(() => parseSecretsKey('uma senha qualquer!', 'SECRETS_KEY')).toThrow(
      'SECRETS_KEY is not a key: it must be 32 random bytes written as base64 or hex (generate one with `openssl rand -base64 32`)',
    );
  });

  it('is checked with the configuration: a malformed SECRETS_KEY, or both variables, stop the start', () => {
    const short = 'c2hvcnQ=';
    let message = '';
    try {
      loadConfig({ SECRETS_KEY: short });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SECRETS_KEY: holds 5 bytes; the key must be 32 random bytes');
    expect(message).not.toContain(short);
    expect(() => loadConfig({ SECRETS_KEY: formatSecretsKey(key), SECRETS_KEY_FILE: '/k' })).toThrow(
      'SECRETS_KEY_FILE: set SECRETS_KEY or SECRETS_KEY_FILE, not both',
    );
    expect(loadConfig({ SECRETS_KEY: formatSecretsKey(key) }).secrets.key?.id).toBe(key.id);
  });
});
