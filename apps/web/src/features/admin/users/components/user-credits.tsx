import type { TAdminUserDetail } from '@escriba/contract';
import { Card, CardHeader } from '../../../../components/ui/card';
import { formatDateTime } from '../../../../lib/format';
import { useSession } from '../../../../lib/use-session';
import { cn } from '../../../../lib/cn';
import { describeGrantor, describeMovement } from '../user-labels';
import { BonusCreditForm } from './bonus-credit-form';
import { nounFor } from '../../../../lib/plural';

const cell = 'px-3 py-2 align-top';

/** The balance, the bonus form and the ledger's latest movements. */
export function UserCredits({ user }: { user: TAdminUserDetail }) {
  const currentUserId = useSession().user?.id;
  const shown = user.credit_movements.length;
  return (
    <Card aria-labelledby="user-credits-title">
      <CardHeader
        id="user-credits-title"
        title="Créditos"
        actions={
          <p className="text-right" data-testid="credit-balance">
            <span className="text-3xl font-semibold tabular-nums">{user.credits}</span>{' '}
            <span className="text-muted">{nounFor(user.credits, 'crédito', 'créditos')}</span>
          </p>
        }
      />
      <BonusCreditForm userId={user.id} />
      <h3 className="mt-6 mb-2 font-semibold">Extrato</h3>
      {shown === 0 ? (
        <p className="text-muted">Nenhum lançamento.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Extrato de créditos</caption>
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className={cell}>
                  Quando
                </th>
                <th scope="col" className={cell}>
                  Tipo
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Valor
                </th>
                <th scope="col" className={cell}>
                  Motivo
                </th>
                <th scope="col" className={cell}>
                  Concedido por
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {user.credit_movements.map((movement) => (
                <tr key={movement.id} data-testid="credit-movement">
                  <td className={`${cell} whitespace-nowrap text-muted`}>{formatDateTime(movement.created_at)}</td>
                  <td className={cell}>{describeMovement(movement)}</td>
                  <td
                    className={cn(
                      cell,
                      'text-right font-medium tabular-nums',
                      movement.amount < 0 ? 'text-danger' : 'text-success',
                    )}
                  >
                    {movement.amount > 0 ? `+${movement.amount}` : movement.amount}
                  </td>
                  <td className={cell}>{movement.reason ?? '—'}</td>
                  <td className={cell}>{describeGrantor(movement, user.audit, currentUserId) ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {user.credit_movements_total > shown && (
            <p className="mt-2 text-sm text-muted">
              Mostrando os {shown} lançamentos mais recentes de {user.credit_movements_total}.
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
