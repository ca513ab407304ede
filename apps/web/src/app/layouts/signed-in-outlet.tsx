import { Outlet } from 'react-router';
import { useSession } from '../../lib/use-session';

/**
 * The signed-in pages, shown only while there is a session. When it ends (log-out, a 401) they go in the same
 * render, before the way to /log-in is taken: their queries, cleared with the session, would otherwise ask the
 * server again, without a token, and fill the console with 401s (issue 31 §3).
 */
export function SignedInOutlet() {
  const { session } = useSession();
  return session?.sessionToken ? <Outlet /> : null;
}
