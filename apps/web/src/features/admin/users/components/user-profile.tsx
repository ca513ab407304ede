import type { TAdminUserDetail } from '@escriba/contract';
import { Badge } from '../../../../components/ui/badge';
import { Card, CardHeader } from '../../../../components/ui/card';
import { formatDateTime } from '../../../../lib/format';
import { applyMask } from '../../../../lib/masks';
import { SCOPE_LABELS } from '../user-labels';
import { UserStatusBadge } from './user-status-badge';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

/** The account's data, professional licenses and specializations. */
export function UserProfile({ user }: { user: TAdminUserDetail }) {
  return (
    <Card aria-labelledby="user-data-title">
      <CardHeader id="user-data-title" title="Dados da conta" />
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact label="E-mail">
          {user.email}{' '}
          {user.email_verified ? (
            <Badge tone="success">verificado</Badge>
          ) : (
            <Badge tone="warning">não verificado</Badge>
          )}
        </Fact>
        <Fact label="Status">
          <UserStatusBadge status={user.status} />
        </Fact>
        <Fact label="CPF">{user.cpf ? applyMask('cpf', user.cpf) : 'Não informado'}</Fact>
        <Fact label="Telefone">{user.phone ? applyMask('phone', user.phone) : 'Não informado'}</Fact>
        <Fact label="Perfil">{user.scopes.map((scope) => SCOPE_LABELS[scope]).join(', ')}</Fact>
        <Fact label="Cadastro">{formatDateTime(user.created_at)}</Fact>
        <Fact label="Último acesso">{user.last_seen_at ? formatDateTime(user.last_seen_at) : 'Nunca entrou'}</Fact>
        <Fact label="Registros profissionais">
          {user.licenses.length === 0 ? (
            'Nenhum'
          ) : (
            <ul className="flex flex-col gap-1">
              {user.licenses.map((license) => (
                <li key={license.id}>
                  {license.license_type_code} {license.number}/{license.state}{' '}
                  {license.is_primary && <Badge tone="accent">principal</Badge>}
                </li>
              ))}
            </ul>
          )}
        </Fact>
        <Fact label="Especialidades">
          {user.specializations.length === 0 ? (
            'Nenhuma'
          ) : (
            <span className="flex flex-wrap gap-1.5">
              {user.specializations.map((specialization) => (
                <Badge key={specialization.id}>{specialization.name}</Badge>
              ))}
            </span>
          )}
        </Fact>
      </dl>
    </Card>
  );
}
