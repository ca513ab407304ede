import type { TAdminPscProvider, TPscProvider } from '@escriba/contract';
import { asc, eq } from 'drizzle-orm';
import type { PscProviderConfig } from '../../config/signatures';
import { pscProviders, type PscProviderRow } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { withSecretsKey } from '../certificates/certificate-seal';

/** Those of PSC_PROVIDERS first, then the System page's; an id of the environment hides a row with the same id. */
async function allProviders(app: App): Promise<{ environment: PscProviderConfig[]; rows: PscProviderRow[] }> {
  const environment = app.config.signatures.pscProviders;
  const rows = await app.db.select().from(pscProviders).orderBy(asc(pscProviders.name));
  const environmentIds = new Set(environment.map((provider) => provider.id));
  return { environment, rows: rows.filter((row) => !environmentIds.has(row.id)) };
}

/** The providers a professional can connect to. */
export async function listPscProviders(app: App): Promise<TPscProvider[]> {
  const { environment, rows } = await allProviders(app);
  return [...environment, ...rows].map(({ id, name, maxLifetimeSeconds, push }) => ({
    id,
    name,
    max_lifetime_seconds: maxLifetimeSeconds,
    push,
  }));
}

/** Every provider as the System page shows it, without its client secret. */
export async function listAdminPscProviders(app: App): Promise<TAdminPscProvider[]> {
  const { environment, rows } = await allProviders(app);
  const view = (provider: Omit<PscProviderConfig, 'clientSecret'>, source: TAdminPscProvider['source']) => ({
    id: provider.id,
    name: provider.name,
    base_url: provider.baseUrl,
    client_id: provider.clientId,
    has_client_secret: true,
    max_lifetime_seconds: provider.maxLifetimeSeconds,
    push: provider.push,
    source,
  });
  return [...environment.map((provider) => view(provider, 'environment')), ...rows.map((row) => view(row, 'admin'))];
}

/** A provider with its client secret unsealed, to call it; undefined when none has that id. */
export async function findPscProvider(app: App, id: string): Promise<PscProviderConfig | undefined> {
  const fromEnvironment = app.config.signatures.pscProviders.find((provider) => provider.id === id);
  if (fromEnvironment) return fromEnvironment;
  const [row] = await app.db.select().from(pscProviders).where(eq(pscProviders.id, id));
  if (!row) return undefined;
  const { sealedClientSecret, updatedAt: _, ...provider } = row;
  const secret = withSecretsKey(() => app.secrets.open('psc-client-secrets', sealedClientSecret, row.id));
  return { ...provider, clientSecret: secret.toString('utf8') };
}

/** Whether PSC_PROVIDERS has this id (the System page cannot change it). */
export function isEnvironmentProvider(app: App, id: string): boolean {
  return app.config.signatures.pscProviders.some((provider) => provider.id === id);
}
