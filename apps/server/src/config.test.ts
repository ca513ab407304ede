import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults for the embedded mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toMatch(/data$/);
  });

  it('stops on a bad value, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'três mil' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'nao e url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'admin@clinica.com' })).toThrow(/ADMIN_PASSWORD/);
  });
});

describe('rate limits', () => {
  it('are read from the environment', () => {
    const config = loadConfig({ SIGN_UPS_PER_IP: '500', LOGIN_FAILURES_PER_ACCOUNT: '4' });
    expect(config.rateLimits.signUpPerIp).toEqual({ points: 500, durationSeconds: 3600 });
    expect(config.rateLimits.loginFailuresPerAccountAddress).toEqual({ points: 4, durationSeconds: 900 });
    expect(() => loadConfig({ SIGN_UPS_PER_IP: '0' })).toThrow(/SIGN_UPS_PER_IP/);
  });
});

describe('list cache', () => {
  it('is sized in megabytes, and 0 turns it off', () => {
    expect(loadConfig({}).listCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ LIST_CACHE_MB: '0.5' }).listCacheBytes).toBe(512 * 1024);
    expect(loadConfig({ LIST_CACHE_MB: '0' }).listCacheBytes).toBe(0);
    expect(() => loadConfig({ LIST_CACHE_MB: '-1' })).toThrow(/LIST_CACHE_MB/);
  });
});
