import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AccessLogTable } from '../../../components/ui/access-log-table';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { Pagination } from '../../../components/ui/pagination';
import { usePatient } from '../../../lib/api/get-patient';
import { readApiError } from '../../../lib/api-error';
import { displayName } from '../../../lib/format';
import { assertUuid } from '../../../lib/route-errors';
import { useSession } from '../../../lib/use-session';
import { usePatientAccessLog } from '../api/get-patient-access-log';

export { patientLoader as patientAccessLogLoader } from './patient-page';

const PAGE_SIZE = 20;

/** Issue 21 §1 "Acessos": every access to the patient's data, hers and the administrators', newest first. */
export function PatientAccessLogPage() {
  const id = assertUuid(useParams().id);
  const patient = usePatient(id).data;
  const [page, setPage] = useState(1);
  const log = usePatientAccessLog(id, { page, page_size: PAGE_SIZE });
  const currentUserId = useSession().user?.id;
  if (!patient) return null;

  return (
    <div className="flex flex-col gap-5">
      <Link
        to={`/patients/${id}`}
        className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-accent-ink hover:underline"
      >
        <Icon name="arrow-left" className="size-4" /> {displayName(patient)}
      </Link>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Acessos</h1>
        <p className="mt-1 max-w-3xl text-muted">
          Cada vez que os dados de {displayName(patient)} foram vistos ou alterados — cadastro, consultas, gravação,
          transcrição, arquivos, anamnese e documentos —, por você ou por um administrador. O registro não pode ser
          alterado nem apagado.
        </p>
      </header>
      <Card aria-busy={log.isFetching || undefined}>
        <div className="flex flex-col gap-4">
          {log.isError && <Alert tone="error">{readApiError(log.error).message}</Alert>}
          {log.data && log.data.total > 0 && (
            <AccessLogTable
              label="Acessos aos dados do paciente"
              items={log.data.items}
              currentUserId={currentUserId}
            />
          )}
          {log.data?.total === 0 && <p className="text-muted">Nenhum acesso registrado.</p>}
          {log.data && (
            <Pagination page={page} pageSize={PAGE_SIZE} total={log.data.total} onPageChange={setPage} noun="acessos" />
          )}
        </div>
      </Card>
    </div>
  );
}
