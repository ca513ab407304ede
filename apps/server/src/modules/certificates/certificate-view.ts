import type { TCertificate } from '@escriba/contract';
import type { UserCertificateRow } from '../../db/schema/index';
import type { SecretSeal } from '../../platform/secrets/secret-seal';

export function toCertificateView(row: UserCertificateRow, secrets: SecretSeal): TCertificate {
  return {
    holder_name: row.holderName,
    cpf: row.cpf,
    issuer: row.issuer,
    valid_from: row.validFrom.toISOString(),
    valid_until: row.validUntil.toISOString(),
    uploaded_at: row.createdAt.toISOString(),
    key_status: secrets.keyStatus(row.sealedFile),
    icp_brasil: row.icpBrasil,
    icp_brasil_problem: row.icpBrasilProblem,
  };
}
