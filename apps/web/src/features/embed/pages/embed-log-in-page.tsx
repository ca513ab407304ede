import { useEffect } from 'react';
import { LogInPage } from '../../auth/pages/log-in-page';
import { useSession } from '../../../lib/use-session';
import { handOverSession } from '../session-handover';

/**
 * The embedded panel's log-in pop-up: Escriba's own window, so the browser offers the saved password and an open
 * session counts. Once signed in, it hands the session to the panel that opened it and closes.
 */
export function EmbedLogInPage() {
  const state = useSession();
  const isSignedIn = Boolean(state.session?.sessionToken);
  const hasPanel = Boolean(window.opener);
  useEffect(() => {
    if (isSignedIn) handOverSession(state);
  }, [isSignedIn, state]);
  if (!isSignedIn) return <LogInPage />;
  return (
    <p className="text-center text-sm text-muted" role="status">
      {hasPanel
        ? 'Você entrou no Escriba. Voltando ao painel…'
        : 'Você entrou no Escriba. Esta janela não foi aberta pelo painel: feche-a e entre de novo por ele.'}
    </p>
  );
}
