import { OUTSIDE_ICP_BRASIL, type TDocumentSignature } from '@escriba/contract';
import { Icon } from '../../../../components/ui/icon';

const when = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Sao_Paulo',
});

/** The document's last signature: which certificate signed it (and when it was outside ICP-Brasil), when, and whether the version shown is the one signed. */
export function DocumentSignature({
  signature,
  latestVersion,
}: {
  signature: TDocumentSignature;
  latestVersion: number;
}) {
  const isCurrent = signature.version === latestVersion;
  return (
    <section
      aria-label="Assinatura digital"
      data-testid="document-signature"
      className={
        isCurrent
          ? 'flex items-start gap-2 rounded-lg border border-success/40 bg-success/5 p-2.5 text-sm'
          : 'flex items-start gap-2 rounded-lg border border-line bg-subtle/50 p-2.5 text-sm'
      }
    >
      <Icon name="badge-check" className={isCurrent ? 'mt-0.5 size-4 text-success' : 'mt-0.5 size-4 text-muted'} />
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold">
          {isCurrent
            ? `Assinado digitalmente em ${when.format(new Date(signature.signed_at))}`
            : `A versão ${signature.version} foi assinada em ${when.format(new Date(signature.signed_at))}; esta versão ainda não`}
        </p>
        <p className="text-xs text-muted">
          Certificado de {signature.holder}, emitido por {signature.issuer}
        </p>
        {signature.icp_brasil === false && <p className="text-xs font-medium text-warning">{OUTSIDE_ICP_BRASIL}.</p>}
      </div>
    </section>
  );
}
