// The cloud certificate tests' scene: a test AC, a loopback PSC and an app whose PSC_PROVIDERS name it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { cloudCertificates, type UserRow } from '../src/db/schema/index';
import type { App } from '../src/platform/services';
import { CLOUD_URL } from './cloud-certificate-requests';
import { useCertificateAuthority } from './certificates';
import { PscFixture } from './psc-fixture';
import { useTestApp } from './test-app';

export const PROVIDER = 'psc-teste';
export const HOLDER = 'MARIANA CONCEICAO TAVARES';
type Headers = Record<string, string>;

/** Registers the file's AC, PSC and app; `psc` is there once the file's tests run. */
export function usePscScene() {
  const ca = useCertificateAuthority();
  const scene = {} as { psc: PscFixture };
  beforeAll(async () => {
    scene.psc = await PscFixture.start();
  });
  afterAll(() => scene.psc.close());
  const testApp = useTestApp((config) => ({
    ...config,
    signatures: {
      ...config.signatures,
      // Providers of PSC_PROVIDERS, as the environment gives them; a slow provider fails in 1.5 s, not 20.
      pscProviders: [
        {
          id: PROVIDER,
          name: 'PSC de Testes',
          baseUrl: scene.psc.baseUrl,
          clientId: 'escriba-testes',
          clientSecret: 'segredo-do-cliente-psc',
          maxLifetimeSeconds: 7 * 86_400,
          push: true,
        },
        {
          id: 'sem-push',
          name: 'PSC sem push',
          baseUrl: scene.psc.baseUrl,
          clientId: 'escriba-testes',
          clientSecret: 'segredo-do-cliente-psc',
          maxLifetimeSeconds: 86_400,
          push: false,
        },
      ],
      pscTimeoutMs: 1_500,
    },
  }));

  /** The provider keeps a certificate for her CPF. */
  async function holdCertificateFor(user: UserRow, options: { certificateForm?: 'pem' } = {}) {
    scene.psc.addHolder({ cpf: user.cpf!, ...(await ca.issueKeyPair({ name: HOLDER, cpf: user.cpf! })), ...options });
  }
  return { scene, testApp, holdCertificateFor };
}

export async function storedCloudCertificate(app: App, userId: string) {
  const [row] = await app.db.select().from(cloudCertificates).where(eq(cloudCertificates.userId, userId));
  return row;
}

export const getCloudCertificate = (app: App, headers: Headers) =>
  app.inject({ method: 'GET', url: CLOUD_URL, headers });
