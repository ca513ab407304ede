import type { TAdminUserDetail, TCpfDispute, TCpfDisputeResolution } from '@escriba/contract';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardHeader } from '../../../../components/ui/card';
import { confirmAction } from '../../../../components/ui/confirm-dialog';
import { Icon } from '../../../../components/ui/icon';
import { readApiError } from '../../../../lib/api-error';
import { formatDateTime } from '../../../../lib/format';
import { applyMask } from '../../../../lib/masks';
import { toasts } from '../../../../lib/toast-store';
import { useResolveCpfDispute } from '../api/resolve-cpf-dispute';

function confirmation(dispute: TCpfDispute, resolution: TCpfDisputeResolution) {
  return resolution === 'claimant_gets'
    ? {
        title: 'Transferir o CPF?',
        description: `A conta de ${dispute.holder.name} será suspensa e perderá o CPF; todas as sessões dela terminam agora. A conta de ${dispute.claimant.name} será criada, ativa, com o e-mail ${dispute.claimant.email} e a senha confirmada na contestação. As duas pessoas recebem um e-mail.`,
        confirmLabel: 'Transferir CPF',
      }
    : {
        title: 'Manter o CPF nesta conta?',
        description: `A contestação será encerrada e nenhuma conta será criada para ${dispute.claimant.email}, que recebe um e-mail com a decisão.`,
        confirmLabel: 'Manter CPF',
      };
}

/** One open dispute: who holds the CPF, who contests it, and the two decisions. */
function DisputeCard({ dispute }: { dispute: TCpfDispute }) {
  const resolve = useResolveCpfDispute(dispute.id);
  const decide = async (resolution: TCpfDisputeResolution) => {
    if (!(await confirmAction(confirmation(dispute, resolution)))) return;
    resolve.mutate(resolution, { onSuccess: (result) => toasts.add({ title: result.detail, color: 'success' }) });
  };
  return (
    <li data-testid="cpf-dispute" className="flex flex-col gap-3 rounded-xl border border-warning/40 bg-warning/5 p-4">
      <p>
        <strong className="font-semibold">{dispute.claimant.name}</strong> diz ser a pessoa titular do CPF{' '}
        {applyMask('cpf', dispute.cpf)}, cadastrado na conta de{' '}
        <strong className="font-semibold">{dispute.holder.name}</strong> ({dispute.holder.email}).
      </p>
      <dl className="grid gap-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">E-mail de quem contesta (confirmado)</dt>
          <dd className="break-words">{dispute.claimant.email}</dd>
        </div>
        <div>
          <dt className="text-muted">Celular informado</dt>
          <dd>{applyMask('phone', dispute.claimant.phone)}</dd>
        </div>
        <div>
          <dt className="text-muted">Contestado em</dt>
          <dd>{formatDateTime(dispute.opened_at)}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => decide('holder_keeps')} isLoading={resolve.isPending}>
          <Icon name="shield-check" className="size-4" /> Manter o CPF com {dispute.holder.name}
        </Button>
        <Button variant="danger" onClick={() => decide('claimant_gets')} isLoading={resolve.isPending}>
          <Icon name="user-plus" className="size-4" /> Transferir o CPF para {dispute.claimant.name}
        </Button>
      </div>
      {resolve.isError && (
        <Alert tone="error">
          <strong className="font-semibold">Não foi possível resolver.</strong> {readApiError(resolve.error).message}
        </Alert>
      )}
    </li>
  );
}

/** "CPF contestado": the open disputes naming the account, as holder or by the claimant's e-mail. */
export function UserCpfDisputes({ user }: { user: TAdminUserDetail }) {
  if (user.cpf_disputes.length === 0) return null;
  return (
    <Card aria-labelledby="user-cpf-disputes-title">
      <CardHeader
        id="user-cpf-disputes-title"
        title="CPF contestado"
        description="Confira os documentos com as duas pessoas antes de decidir: a decisão fica na auditoria das duas contas."
      />
      <ul className="flex flex-col gap-3">
        {user.cpf_disputes.map((dispute) => (
          <DisputeCard key={dispute.id} dispute={dispute} />
        ))}
      </ul>
    </Card>
  );
}
