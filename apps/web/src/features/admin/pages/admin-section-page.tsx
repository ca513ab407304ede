import { Card } from '../../../components/ui/card';

/** An administration section whose tools arrive in a later release. */
export function AdminSectionPage({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <Card>
        <p className="text-muted">As ferramentas de {title.toLowerCase()} estarão disponíveis em breve.</p>
      </Card>
    </div>
  );
}
