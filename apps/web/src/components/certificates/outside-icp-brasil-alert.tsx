import { OUTSIDE_ICP_BRASIL, type TCertificate } from '@escriba/contract';
import { Alert } from '../ui/alert';

/**
 * What the profile's card and the sign dialog say of a certificate whose chain is not ICP-Brasil's: that
 * pharmacies and ITI's validator will not accept what it signs, and why; nothing for an ICP-Brasil one.
 */
export function OutsideIcpBrasilAlert({
  certificate,
}: {
  certificate: Pick<TCertificate, 'icp_brasil' | 'icp_brasil_problem'>;
}) {
  if (certificate.icp_brasil) return null;
  return (
    <Alert tone="warning">
      <span className="font-medium">{OUTSIDE_ICP_BRASIL}.</span>{' '}
      {certificate.icp_brasil_problem && <>Motivo: {certificate.icp_brasil_problem}. </>}A assinatura continua possível,
      mas para receitas e atestados use um certificado ICP-Brasil.
    </Alert>
  );
}
