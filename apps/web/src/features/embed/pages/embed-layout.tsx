import { useEffect, useState } from 'react';
import { Outlet, useNavigate, useRevalidator } from 'react-router';
import { BrandHeader } from '../../../components/ui/brand-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { openLiveConnection } from '../../../lib/session';
import { sessionStore } from '../../../lib/session-store';
import { useSession } from '../../../lib/use-session';
import { readOpenConsultation } from '../host-messages';
import { logInThroughPopup } from '../session-handover';

/**
 * The panel inside another system's page: the consultation without the app's menu, or, without a session, the way
 * to sign in (a pop-up of Escriba's own). The framing page may ask it to open another consultation.
 */
export function EmbedLayout() {
  const { session, user } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    const open = (event: MessageEvent<unknown>) => {
      const request = readOpenConsultation(event);
      if (request) void navigate(`/embed/consultations/${request.consultation_id}`);
    };
    window.addEventListener('message', open);
    return () => window.removeEventListener('message', open);
  }, [navigate]);

  return (
    <div className="min-h-dvh bg-canvas">
      {session?.sessionToken ? (
        <>
          <header className="flex items-center justify-between border-b border-line bg-surface px-4 py-2 text-sm">
            <span className="font-semibold text-accent-ink">Escriba</span>
            <span className="text-muted">{user?.name}</span>
          </header>
          <main className="p-4">
            <Outlet />
          </main>
        </>
      ) : (
        <EmbedSignIn />
      )}
    </div>
  );
}

function EmbedSignIn() {
  const revalidator = useRevalidator();
  const [problem, setProblem] = useState<string>();
  const [isWaiting, setIsWaiting] = useState(false);
  const signIn = async () => {
    setProblem(undefined);
    setIsWaiting(true);
    const handed = await logInThroughPopup();
    setIsWaiting(false);
    if (!handed) {
      setProblem('A janela de login foi fechada ou bloqueada. Permita pop-ups deste endereço e tente de novo.');
      return;
    }
    sessionStore.adopt(handed);
    openLiveConnection();
    await revalidator.revalidate();
  };
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-8">
      <div className="w-full max-w-sm rounded-2xl border border-line bg-surface p-6 text-center shadow-sm">
        <BrandHeader />
        <p className="mb-4 text-sm text-muted">Entre com a sua conta para ver e gravar a consulta aqui mesmo.</p>
        {problem && (
          <Alert tone="warning" className="mb-4 text-left">
            {problem}
          </Alert>
        )}
        <Button className="w-full" isLoading={isWaiting} onClick={() => void signIn()}>
          Entrar no Escriba
        </Button>
      </div>
    </main>
  );
}
