import type { TAdminUserDetail } from '@escriba/contract';
import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { confirmAction } from '../../../../components/ui/confirm-dialog';
import { Icon } from '../../../../components/ui/icon';
import { readApiError } from '../../../../lib/api-error';
import { toasts } from '../../../../lib/toast-store';
import { accessLogPath } from '../../access-log/access-log-address';
import { useSetUserStatus } from '../api/set-user-status';

/** Suspend or reactivate (asking first), and ways to the user's consultations and accesses to patients' data. */
export function UserStatusActions({ user }: { user: TAdminUserDetail }) {
  const setStatus = useSetUserStatus(user.id);
  const isSuspended = user.status === 'suspended';

  const change = async () => {
    const isConfirmed = await confirmAction(
      isSuspended
        ? {
            title: 'Reativar usuário?',
            description: `${user.name} poderá entrar novamente com o e-mail e a senha de sempre.`,
            confirmLabel: 'Reativar',
          }
        : {
            title: 'Suspender usuário?',
            description: `${user.name} não poderá mais entrar. Todas as sessões abertas terminam agora e as conexões ao vivo são fechadas na hora, em qualquer aparelho. Você pode reativar a conta depois.`,
            confirmLabel: 'Suspender',
          },
    );
    if (!isConfirmed) return;
    setStatus.mutate(isSuspended ? 'active' : 'suspended', {
      onSuccess: () => toasts.add({ title: isSuspended ? 'Usuário reativado' : 'Usuário suspenso', color: 'success' }),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button variant={isSuspended ? 'primary' : 'secondary'} onClick={change} isLoading={setStatus.isPending}>
          <Icon name={isSuspended ? 'circle-check' : 'pause'} className="size-4" />
          {isSuspended ? 'Reativar' : 'Suspender'}
        </Button>
        <Link to={`/admin/consultations?user_id=${user.id}`} className={buttonClasses('secondary')}>
          <Icon name="stethoscope" className="size-4" /> Ver consultas
        </Link>
        <Link to={accessLogPath({ user_id: user.id })} className={buttonClasses('secondary')}>
          <Icon name="eye" className="size-4" /> Ver acessos
        </Link>
      </div>
      {setStatus.isError && (
        <Alert tone="error">
          <strong className="font-semibold">Não foi possível {isSuspended ? 'reativar' : 'suspender'}.</strong>{' '}
          {readApiError(setStatus.error).message}
        </Alert>
      )}
    </div>
  );
}
