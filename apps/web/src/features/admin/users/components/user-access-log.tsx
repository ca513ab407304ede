import { useState } from 'react';
import { AccessLogTable } from '../../../../components/ui/access-log-table';
import { Alert } from '../../../../components/ui/alert';
import { Card, CardHeader } from '../../../../components/ui/card';
import { Pagination } from '../../../../components/ui/pagination';
import { readApiError } from '../../../../lib/api-error';
import { useAccessLog } from '../api/list-access-log';

const PAGE_SIZE = 10;

/** Issue 21 §1: every access the user made to patients' data, newest first. */
export function UserAccessLog({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const log = useAccessLog({ user_id: userId, page, page_size: PAGE_SIZE });
  return (
    <Card aria-labelledby="user-access-log-title">
      <CardHeader
        id="user-access-log-title"
        title="Acessos a dados de pacientes"
        description="O que este usuário viu ou alterou, com data, endereço e navegador. Só identificadores, sem conteúdo clínico."
      />
      <div aria-busy={log.isFetching || undefined} className="flex flex-col gap-4">
        {log.isError && <Alert tone="error">{readApiError(log.error).message}</Alert>}
        {log.data && log.data.total > 0 && (
          <AccessLogTable label="Acessos do usuário" items={log.data.items} showsPatient />
        )}
        {log.data?.total === 0 && <p className="text-muted">Nenhum acesso registrado.</p>}
        {log.data && (
          <Pagination page={page} pageSize={PAGE_SIZE} total={log.data.total} onPageChange={setPage} noun="acessos" />
        )}
      </div>
    </Card>
  );
}
