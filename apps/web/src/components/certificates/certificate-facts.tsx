import { formatCpf, type TCertificate } from '@escriba/contract';
import { formatDate } from '../../lib/format';

type Facts = Pick<TCertificate, 'holder_name' | 'cpf' | 'issuer' | 'icp_brasil' | 'valid_from' | 'valid_until'>;

/** What a certificate says of itself, as the profile's cards list it, between rows of their own. */
export function CertificateFacts({
  certificate,
  before = [],
  after = [],
}: {
  certificate: Facts;
  before?: [string, string][];
  after?: [string, string][];
}) {
  const rows: [string, string][] = [
    ...before,
    ['Titular', certificate.holder_name],
    ['CPF', certificate.cpf ? formatCpf(certificate.cpf) : 'Não consta no certificado'],
    ['Emissor', certificate.issuer],
    ['ICP-Brasil', certificate.icp_brasil ? 'Sim: a cadeia chega a uma AC Raiz da ICP-Brasil' : 'Não'],
    ['Validade', `${formatDate(certificate.valid_from)} a ${formatDate(certificate.valid_until)}`],
    ...after,
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-muted">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
