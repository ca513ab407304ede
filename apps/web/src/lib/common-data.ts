import { ZLicenseType, ZSpecialization, type TLicenseType, type TSpecialization } from '@escriba/contract';
import { cookieSize, COOKIE_MAX_BYTES, type CookieJar } from './cookies';

/** Spec §3 "Common reference data", kept in the cookie named `common`. */
export interface CommonData {
  licenseTypes: TLicenseType[];
  specializations: TSpecialization[];
}

export const COMMON_COOKIE = 'common';
const COMMON_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

// The lists as plain JSON are ~7.6 KB (12 KB escaped), over the 4 KB a browser keeps per cookie;
// deflated and base64url-encoded they are ~2.1 KB, with every field kept.
async function transform(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const output = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(output).arrayBuffer());
}

export async function encodeCommon(data: CommonData): Promise<string> {
  const packed = await transform(new TextEncoder().encode(JSON.stringify(data)), new CompressionStream('deflate'));
  let binary = '';
  packed.forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function decodeCommon(value: string): Promise<CommonData> {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const json = new TextDecoder().decode(await transform(bytes, new DecompressionStream('deflate')));
  const parsed = JSON.parse(json) as Partial<Record<keyof CommonData, unknown>>;
  return {
    licenseTypes: ZLicenseType.array().parse(parsed.licenseTypes),
    specializations: ZSpecialization.array().parse(parsed.specializations),
  };
}

export interface CommonSource {
  licenseTypes: () => Promise<TLicenseType[]>;
  specializations: () => Promise<TSpecialization[]>;
}

/** Loads the reference lists once and reuses them from the cookie afterwards. */
export async function loadCommonData(jar: CookieJar, source: CommonSource): Promise<CommonData> {
  const stored = jar.get(COMMON_COOKIE);
  if (stored) {
    try {
      return await decodeCommon(stored);
    } catch {
      // An unreadable or outdated cookie is replaced by fresh data below.
      jar.remove(COMMON_COOKIE);
    }
  }
  const [licenseTypes, specializations] = await Promise.all([source.licenseTypes(), source.specializations()]);
  const data = { licenseTypes, specializations };
  const encoded = await encodeCommon(data);
  if (cookieSize(COMMON_COOKIE, encoded) <= COOKIE_MAX_BYTES) jar.set(COMMON_COOKIE, encoded, COMMON_MAX_AGE_SECONDS);
  else console.warn('Reference data too large for the common cookie; it is fetched on each visit');
  return data;
}
