import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { useSession } from '../../../lib/use-session';

function greetingFor(hour: number): string {
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

export function HomePage() {
  const { user } = useSession();
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';

  return (
    <div className="flex flex-col gap-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">
          {greetingFor(new Date().getHours())}, {firstName}!
        </h1>
        <p className="mt-2 text-lg text-muted">Que bom ter você aqui. Prepare-se para a próxima consulta.</p>
      </header>
      <div className="grid gap-5 md:grid-cols-2">
        <Card>
          <Icon name="user-round" className="size-6 text-accent-600" />
          <h2 className="mt-3 text-lg font-semibold">Complete seu perfil</h2>
          <p className="mt-1 text-muted">
            Cadastre seus registros profissionais e especializações para que as anamneses saiam no formato certo.
          </p>
          <Link to="/user/profile" className="mt-4 inline-flex font-medium text-accent-ink hover:underline">
            Ir para o perfil
          </Link>
        </Card>
        <Card>
          <Icon name="stethoscope" className="size-6 text-accent-600" />
          <h2 className="mt-3 text-lg font-semibold">Consultas</h2>
          <p className="mt-1 text-muted">
            Em breve você poderá iniciar consultas com transcrição ao vivo e anamnese gerada a partir do seu modelo.
          </p>
        </Card>
      </div>
    </div>
  );
}
