import type { TAdminPscProvider, TPscProviderBody } from '@escriba/contract';
import { ZPscProviderBody } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { pscProviders } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { AppError, fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { withSecretsKey } from '../certificates/certificate-seal';
import { isEnvironmentProvider, listAdminPscProviders } from './psc-provider-store';

const FROM_ENVIRONMENT = 'Este provedor vem de PSC_PROVIDERS: mude-o no ambiente do servidor';

/**
 * Makes or changes a System page provider, its client secret sealed (a blank one keeps the secret kept): 409 for an
 * id of PSC_PROVIDERS, 422 for a new one without a secret. The secret is never logged, audited or answered.
 */
export async function savePscProvider(
  app: App,
  id: string,
  input: TPscProviderBody,
  actor: { userId: string; origin: RequestOrigin },
): Promise<TAdminPscProvider> {
  if (isEnvironmentProvider(app, id)) throw new AppError('conflict', FROM_ENVIRONMENT);
  const body = ZPscProviderBody.parse(input);
  const secret = body.client_secret?.trim();
  await app.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: pscProviders.id })
      .from(pscProviders)
      .where(eq(pscProviders.id, id))
      .for('update');
    if (!existing && !secret) throw fieldError(['body', 'client_secret'], 'Informe o client_secret do provedor');
    const values = {
      name: body.name,
      baseUrl: body.base_url.replace(/\/+$/, ''),
      clientId: body.client_id,
      maxLifetimeSeconds: body.max_lifetime_seconds,
      push: body.push,
      updatedAt: new Date(),
      ...(secret && {
        sealedClientSecret: withSecretsKey(() => app.secrets.seal('psc-client-secrets', Buffer.from(secret), id)),
      }),
    };
    if (existing) await tx.update(pscProviders).set(values).where(eq(pscProviders.id, id));
    else await tx.insert(pscProviders).values({ id, sealedClientSecret: '', ...values });
    await recordAudit(tx, {
      action: 'admin.psc_provider.saved',
      actorUserId: actor.userId,
      ...actor.origin,
      details: { provider_id: id, secret_changed: Boolean(secret) },
    });
  });
  const saved = (await listAdminPscProviders(app)).find((provider) => provider.id === id);
  return saved!;
}

/** Removes a System page provider; its professionals' connections stay and say it is no longer configured. */
export async function deletePscProvider(
  app: App,
  id: string,
  actor: { userId: string; origin: RequestOrigin },
): Promise<void> {
  if (isEnvironmentProvider(app, id)) throw new AppError('conflict', FROM_ENVIRONMENT);
  await app.db.transaction(async (tx) => {
    const deleted = await tx.delete(pscProviders).where(eq(pscProviders.id, id)).returning({ id: pscProviders.id });
    if (deleted.length === 0) throw new AppError('not_found', 'Provedor não encontrado');
    await recordAudit(tx, {
      action: 'admin.psc_provider.deleted',
      actorUserId: actor.userId,
      ...actor.origin,
      details: { provider_id: id },
    });
  });
}
