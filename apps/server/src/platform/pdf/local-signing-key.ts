import { sign, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { SigningKey } from './cades-signer';

const signAsync = promisify(sign);

/** A key held here (an A1 certificate's): node:crypto signs with it on libuv's thread pool, off the event loop. */
export function localSigningKey(privateKey: KeyObject, chain: Buffer[]): SigningKey {
  // An RSA key signs with PKCS#1 v1.5 padding unless told otherwise.
  return { chain, sign: (data) => signAsync('sha256', data, privateKey) };
}
