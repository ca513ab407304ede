import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { accountVariables } from './config/accounts';
import { creditsVariables } from './config/credits';
import { evidenceVariables } from './config/evidences';
import { llmVariables } from './config/llm';
import { rateLimitVariables } from './config/rate-limits';
import { recordVariables } from './config/records';
import { signatureVariables } from './config/signatures';
import { secretsVariables } from './config/secrets';
import { serverVariables } from './config/server';
import { processVariables } from './config/process';
import { s3Variables } from './config/storage';
import { transcriptionVariables } from './config/transcription';

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

describe('embedding origins', () => {
  it('are a list of origins, none by default', () => {
    expect(loadConfig({}).embedOrigins).toEqual([]);
    expect(loadConfig({ EMBED_ORIGINS: 'https://ehr.example, http://127.0.0.1:4100' }).embedOrigins).toEqual([
      'https://ehr.example',
      'http://127.0.0.1:4100',
    ]);
  });

  it('stop on anything that is not an origin', () => {
    for (const bad of ['ehr.example', 'https://ehr.example/painel', 'https://ehr.example/', 'ftp://ehr.example', '*']) {
      expect(() => loadConfig({ EMBED_ORIGINS: bad }), bad).toThrow(/EMBED_ORIGINS/);
    }
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

describe('S3 storage', () => {
  it('is off unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '  ' }).s3).toBeUndefined();
  });

  it('uses AWS with the SDK credential chain when only the bucket is given', () => {
    expect(loadConfig({ S3_BUCKET: 'escriba-arquivos' }).s3).toEqual({
      bucket: 'escriba-arquivos',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('addresses an S3-compatible endpoint by path unless told otherwise', () => {
    const minio = {
      S3_BUCKET: 'escriba',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_REGION: 'sa-east-1',
      S3_ACCESS_KEY_ID: 'escriba',
      S3_SECRET_ACCESS_KEY: 'segredo-longo',
    };
    expect(loadConfig(minio).s3).toEqual({
      bucket: 'escriba',
      endpoint: 'http://minio:9000',
      region: 'sa-east-1',
      credentials: { accessKeyId: 'escriba', secretAccessKey: 'segredo-longo' },
      forcePathStyle: true,
    });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ S3_BUCKET: 'escriba', S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
  });

  it('stops on incomplete or stray settings, without showing the secret', () => {
    expect(() => loadConfig({ S3_BUCKET: 'escriba', S3_ACCESS_KEY_ID: 'escriba' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    const secretAlone = () => loadConfig({ S3_BUCKET: 'escriba', S3_SECRET_ACCESS_KEY: 'segredo-longo' });
    expect(secretAlone).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(secretAlone).not.toThrow(/segredo-longo/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'escriba', S3_ENDPOINT: 'minio' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'escriba', S3_FORCE_PATH_STYLE: 'sim' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe('realtime transcription', () => {
  it('is off unless TRANSCRIPTION_MODE is realtime, and then needs a WebSocket URL', () => {
    expect(loadConfig({ REALTIME_URL: 'ws://127.0.0.1:8000/v1/realtime' }).transcription.realtime).toBeUndefined();
    expect(
      loadConfig({ TRANSCRIPTION_MODE: 'realtime', REALTIME_URL: 'wss://api.openai.com/v1/realtime' }).transcription
        .realtime,
    ).toMatchObject({ url: 'wss://api.openai.com/v1/realtime', apiKey: undefined, model: 'gpt-4o-transcribe' });
    expect(() => loadConfig({ TRANSCRIPTION_MODE: 'realtime' })).toThrow(/REALTIME_URL/);
    expect(() => loadConfig({ TRANSCRIPTION_MODE: 'realtime', REALTIME_URL: 'https://a.b/v1' })).toThrow(
      /REALTIME_URL/,
    );
    expect(() => loadConfig({ TRANSCRIPTION_MODE: 'stream' })).toThrow(/TRANSCRIPTION_MODE/);
  });
});

describe('PSC providers', () => {
  const provider = {
    id: 'birdid',
    name: 'BirdID',
    base_url: 'https://api.birdid.com.br/',
    client_id: 'escriba',
    client_secret: 'segredo-do-psc',
  };

  it('are read from PSC_PROVIDERS, seven days at most by default', () => {
    expect(loadConfig({}).signatures.pscProviders).toEqual([]);
    expect(loadConfig({ PSC_PROVIDERS: JSON.stringify([provider]) }).signatures.pscProviders).toEqual([
      {
        id: 'birdid',
        name: 'BirdID',
        baseUrl: 'https://api.birdid.com.br',
        clientId: 'escriba',
        clientSecret: 'segredo-do-psc',
        maxLifetimeSeconds: 604_800,
        push: false,
      },
    ]);
  });

  it('stop on a bad list, naming the field and never showing the secret', () => {
    const broken = () => loadConfig({ PSC_PROVIDERS: `[${JSON.stringify(provider)}` });
    expect(broken).toThrow(/PSC_PROVIDERS: must be a JSON array of providers/);
    expect(broken).not.toThrow(/segredo-do-psc/);
    const incomplete = () => loadConfig({ PSC_PROVIDERS: JSON.stringify([{ ...provider, base_url: 'api' }]) });
    expect(incomplete).toThrow(/PSC_PROVIDERS\.0\.base_url/);
    expect(incomplete).not.toThrow(/segredo-do-psc/);
  });
});

describe('the sections of config/', () => {
  it('declare each variable once, and the README table lists exactly those', async () => {
    const sections = [
      serverVariables,
      processVariables,
      accountVariables,
      rateLimitVariables,
      creditsVariables,
      transcriptionVariables,
      evidenceVariables,
      s3Variables,
      llmVariables,
      recordVariables,
      secretsVariables,
      signatureVariables,
    ];
    const declared = sections.flatMap((section) => Object.keys(section));
    expect(new Set(declared).size).toBe(declared.length);
    const readme = await readFile(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const configuration = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('### Production'));
    const tableRows = configuration.split('\n').filter((line) => line.startsWith('| `'));
    const documented = tableRows.flatMap((row) =>
      [...row.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]),
    );
    expect(documented.toSorted()).toEqual(declared.toSorted());
  });
});
