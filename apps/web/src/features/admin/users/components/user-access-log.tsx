import { Link } from 'react-router';
import { AccessLogTable } from '../../../../components/ui/access-log-table';
import { Alert } from '../../../../components/ui/alert';
import { buttonClasses } from '../../../../components/ui/button';
import { Card, CardHeader } from '../../../../components/ui/card';
import { Icon } from '../../../../components/ui/icon';
import { readApiError } from '../../../../lib/api-error';
import { accessLogPath } from '../../access-log/access-log-address';
import { useAccessLog } from '../../access-log/api/list-access-log';

const LATEST = 5;

/** Issue 21 §1: the latest accesses the user made to patients' data; all of them in "Acessos". */
export function UserAccessLog({ userId }: { userId: string }) {
  const log = useAccessLog({ user_id: userId, page_size: LATEST });
  const total = log.data?.total ?? 0;
  return (
    <Card aria-labelledby="user-access-log-title">
      <CardHeader
        id="user-access-log-title"
        title="Acessos a dados de pacientes"
        description={
          total > LATEST
            ? `Os ${LATEST} mais recentes de ${total}, sem conteúdo clínico.`
            : 'O que este usuário viu ou alterou, com data, endereço e navegador, sem conteúdo clínico.'
        }
        actions={
          total > 0 && (
            <Link to={accessLogPath({ user_id: userId })} className={buttonClasses('secondary', 'sm')}>
              <Icon name="eye" className="size-4" /> Ver todos os acessos
            </Link>
          )
        }
      />
      <div aria-busy={log.isFetching || undefined} className="flex flex-col gap-4">
        {log.isError && <Alert tone="error">{readApiError(log.error).message}</Alert>}
        {log.data && total > 0 && (
          <AccessLogTable
            label="Acessos do usuário"
            items={log.data.items}
            showsActor={false}
            patientHref={(patientId) => accessLogPath({ user_id: userId, patient_id: patientId })}
          />
        )}
        {log.data?.total === 0 && <p className="text-muted">Nenhum acesso registrado.</p>}
      </div>
    </Card>
  );
}
