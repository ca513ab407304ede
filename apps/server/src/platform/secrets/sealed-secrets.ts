import { eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cloudAuthorizations, cloudCertificates, pscProviders, userCertificates } from '../../db/schema/index';
import type { SecretKind } from './secret-seal';

/** One sealed value and the row it belongs to (the owner it was sealed for). */
export interface SealedValue {
  owner: string;
  sealed: string;
}

/** Where one kind of secret is kept sealed: rotation and the start-up checks go through every store. */
export interface SealedSecretStore {
  kind: SecretKind;
  /** Every sealed value; with `lock`, its rows locked until the transaction ends. */
  values(db: Database, options: { lock: boolean }): Promise<SealedValue[]>;
  replace(tx: Database, value: SealedValue): Promise<void>;
}

/** Every column that holds a sealed secret. */
export const SEALED_SECRET_STORES: SealedSecretStore[] = [
  {
    kind: 'user-certificates',
    values(db, { lock }) {
      const query = db
        .select({ owner: userCertificates.userId, sealed: userCertificates.sealedFile })
        .from(userCertificates);
      return lock ? query.for('update') : query;
    },
    async replace(tx, { owner, sealed }) {
      await tx.update(userCertificates).set({ sealedFile: sealed }).where(eq(userCertificates.userId, owner));
    },
  },
  {
    kind: 'psc-tokens',
    values(db, { lock }) {
      const query = db
        .select({ owner: cloudCertificates.userId, sealed: cloudCertificates.sealedAccessToken })
        .from(cloudCertificates)
        .where(isNotNull(cloudCertificates.sealedAccessToken));
      return (lock ? query.for('update') : query) as Promise<SealedValue[]>;
    },
    async replace(tx, { owner, sealed }) {
      await tx.update(cloudCertificates).set({ sealedAccessToken: sealed }).where(eq(cloudCertificates.userId, owner));
    },
  },
  {
    kind: 'psc-tokens',
    values(db, { lock }) {
      const query = db
        .select({ owner: cloudAuthorizations.state, sealed: cloudAuthorizations.sealedCodeVerifier })
        .from(cloudAuthorizations);
      return lock ? query.for('update') : query;
    },
    async replace(tx, { owner, sealed }) {
      await tx
        .update(cloudAuthorizations)
        .set({ sealedCodeVerifier: sealed })
        .where(eq(cloudAuthorizations.state, owner));
    },
  },
  {
    kind: 'psc-client-secrets',
    values(db, { lock }) {
      const query = db.select({ owner: pscProviders.id, sealed: pscProviders.sealedClientSecret }).from(pscProviders);
      return lock ? query.for('update') : query;
    },
    async replace(tx, { owner, sealed }) {
      await tx.update(pscProviders).set({ sealedClientSecret: sealed }).where(eq(pscProviders.id, owner));
    },
  },
];

/** Re-seals every sealed secret with `reseal`, in the caller's transaction; returns how many. */
export async function resealAll(
  tx: Database,
  reseal: (kind: SecretKind, value: SealedValue) => string,
): Promise<number> {
  let count = 0;
  for (const store of SEALED_SECRET_STORES) {
    for (const value of await store.values(tx, { lock: true })) {
      await store.replace(tx, { owner: value.owner, sealed: reseal(store.kind, value) });
      count++;
    }
  }
  return count;
}

/** Every sealed value's key id (undefined for one sealed before keys had ids), without locking. */
export async function listSealedKeyIds(
  db: Database,
  keyIdOf: (sealed: string) => string | undefined,
): Promise<(string | undefined)[]> {
  const ids: (string | undefined)[] = [];
  for (const store of SEALED_SECRET_STORES) {
    for (const value of await store.values(db, { lock: false })) ids.push(keyIdOf(value.sealed));
  }
  return ids;
}
