import type { SessionState } from '../../lib/session-store';

/** The pop-up's message to the panel that opened it: the session its log-in made (same origin only). */
const SESSION_HANDOVER = 'escriba:session-handover';
export const EMBED_LOG_IN_PATH = '/embed/log-in';

interface Handover extends SessionState {
  type: typeof SESSION_HANDOVER;
}

/** In the pop-up: gives the panel that opened it this window's session, then closes. */
export function handOverSession(state: SessionState): void {
  const panel = window.opener as Window | null;
  if (!panel) return;
  panel.postMessage({ type: SESSION_HANDOVER, ...state } satisfies Handover, window.location.origin);
  window.close();
}

/**
 * In the panel: opens the log-in pop-up (a window of Escriba's own, where the professional's saved password and
 * session are) and resolves with the session it hands over; undefined when the pop-up is closed or blocked.
 */
export function logInThroughPopup(): Promise<SessionState | undefined> {
  const popup = window.open(
    `${EMBED_LOG_IN_PATH}?redirect=${EMBED_LOG_IN_PATH}`,
    'escriba-log-in',
    'popup,width=480,height=680',
  );
  if (!popup) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const finish = (state: SessionState | undefined) => {
      window.removeEventListener('message', receive);
      window.clearInterval(watch);
      resolve(state);
    };
    const receive = (event: MessageEvent<Partial<Handover>>) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      if (event.data?.type !== SESSION_HANDOVER || !event.data.session) return;
      finish({ session: event.data.session, user: event.data.user });
    };
    window.addEventListener('message', receive);
    const watch = window.setInterval(() => popup.closed && finish(undefined), 500);
  });
}
