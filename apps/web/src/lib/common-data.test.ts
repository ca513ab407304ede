import { describe, expect, it, vi } from 'vitest';
import { createMemoryCookieJar, COOKIE_MAX_BYTES, cookieSize } from './cookies';
import { COMMON_COOKIE, decodeCommon, encodeCommon, loadCommonData, type CommonData } from './common-data';

// As large as the real reference data: 14 councils, ~104 specialisations with accented names.
const data: CommonData = {
  licenseTypes: Array.from({ length: 14 }, (_, i) => ({
    id: i + 1,
    code: `CR${i}`,
    name: `Conselho Regional de Fisioterapia e Terapia Ocupacional ${i}`,
    profession: `Fisioterapia e Terapia Ocupacional ${i}`,
  })),
  specializations: Array.from({ length: 110 }, (_, i) => ({
    id: i + 1,
    name: `Especialização em Cirurgia de Cabeça e Pescoço nº ${i}`,
    license_type_id: (i % 14) + 1,
  })),
};

describe('common data cookie', () => {
  it('round-trips and fits a browser cookie', async () => {
    const encoded = await encodeCommon(data);
    expect(cookieSize(COMMON_COOKIE, encoded)).toBeLessThan(COOKIE_MAX_BYTES);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    await expect(decodeCommon(encoded)).resolves.toEqual(data);
  });

  it('loads once from the API and then reuses the cookie', async () => {
    const jar = createMemoryCookieJar();
    const source = {
      licenseTypes: vi.fn(() => Promise.resolve(data.licenseTypes)),
      specializations: vi.fn(() => Promise.resolve(data.specializations)),
    };
    await expect(loadCommonData(jar, source)).resolves.toEqual(data);
    await expect(loadCommonData(jar, source)).resolves.toEqual(data);
    expect(source.licenseTypes).toHaveBeenCalledTimes(1);
    expect(source.specializations).toHaveBeenCalledTimes(1);
  });

  it('replaces an unreadable cookie', async () => {
    const jar = createMemoryCookieJar();
    jar.entries.set(COMMON_COOKIE, 'not-deflate');
    const source = { licenseTypes: () => Promise.resolve([]), specializations: () => Promise.resolve([]) };
    await expect(loadCommonData(jar, source)).resolves.toEqual({ licenseTypes: [], specializations: [] });
    expect(jar.entries.get(COMMON_COOKIE)).not.toBe('not-deflate');
  });
});
