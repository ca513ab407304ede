import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Card, CardHeader } from '../../../components/ui/card';
import { ConsultationList } from '../../../components/ui/consultation-list';
import { Pagination } from '../../../components/ui/pagination';
import { useConsultations } from '../../../lib/api/list-consultations';
import { readApiError } from '../../../lib/api-error';
import { formatCount } from '../../../lib/plural';

const PAGE_SIZE = 10;

/** The patient's consultations, most recent first (GET /user/consultations/?patient_id=). */
export function PatientHistory({ patientId }: { patientId: string }) {
  const [page, setPage] = useState(1);
  const list = useConsultations({ patient_id: patientId, page, page_size: PAGE_SIZE });

  return (
    <Card aria-labelledby="history-title">
      <CardHeader
        id="history-title"
        title="Histórico de consultas"
        description={list.data ? formatCount(list.data.total, 'consulta', 'consultas') : 'Carregando…'}
      />
      <div aria-busy={list.isFetching || undefined} className="flex flex-col gap-4">
        {list.isError && <Alert tone="error">{readApiError(list.error).message}</Alert>}
        {list.data && list.data.total > 0 && (
          <ConsultationList label="Histórico de consultas" items={list.data.items} showsPatient={false} />
        )}
        {list.data?.total === 0 && <p className="text-muted">Nenhuma consulta com este paciente ainda.</p>}
        {list.data && (
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onPageChange={setPage}
            noun="consultas"
          />
        )}
      </div>
    </Card>
  );
}
