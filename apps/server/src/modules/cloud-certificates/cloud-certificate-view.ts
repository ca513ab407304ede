import type { TCloudCertificate } from '@escriba/contract';
import type { CloudCertificateRow } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { listPscProviders } from '../psc-providers/psc-provider-store';

/** Whether the row's authorisation still lets Escriba sign for her at `at`. */
export function isAuthorized(row: CloudCertificateRow, at = new Date()): boolean {
  return Boolean(row.sealedAccessToken && row.authorizedUntil && row.authorizedUntil > at);
}

export async function cloudCertificateView(app: App, row: CloudCertificateRow): Promise<TCloudCertificate> {
  const provider = (await listPscProviders(app)).find((each) => each.id === row.providerId);
  return {
    provider_id: row.providerId,
    provider_name: provider?.name ?? row.providerId,
    provider_available: Boolean(provider),
    certificate_alias: row.certificateAlias,
    holder_name: row.holderName,
    cpf: row.cpf,
    issuer: row.issuer,
    valid_from: row.validFrom.toISOString(),
    valid_until: row.validUntil.toISOString(),
    icp_brasil: row.icpBrasil,
    icp_brasil_problem: row.icpBrasilProblem,
    authorized_until: isAuthorized(row) ? row.authorizedUntil!.toISOString() : null,
    key_status: row.sealedAccessToken
      ? app.secrets.keyStatus(row.sealedAccessToken)
      : app.secrets.key
        ? 'available'
        : 'missing',
    return_to: row.returnTo,
    connected_at: row.connectedAt.toISOString(),
  };
}
