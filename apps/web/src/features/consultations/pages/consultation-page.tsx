import { ZUuidParam } from '@escriba/contract';
import { data, useParams, type LoaderFunctionArgs } from 'react-router';
import { Card } from '../../../components/ui/card';

/** Spec §2: a page whose id fails validation is a 404. */
export function consultationLoader({ params }: LoaderFunctionArgs) {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's error boundary reads the status from a thrown response
  if (!ZUuidParam.safeParse({ id: params.id }).success) throw data(null, { status: 404 });
  return null;
}

export function ConsultationPage() {
  const { id } = useParams();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Consulta</h1>
      <Card>
        <p className="text-muted">
          A consulta <span className="font-mono text-sm">{id}</span> será exibida aqui, com transcrição, evidências e
          anamnese.
        </p>
      </Card>
    </div>
  );
}
