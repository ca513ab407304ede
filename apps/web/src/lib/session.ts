import type { TRefreshResponse } from '@escriba/contract';
import { isEmbedPath } from './embed-frame';
import { createHttpClient } from './http-client';
import { buildLiveUrl, createLiveConnection } from './live-connection';
import { navigateTo } from './navigation';
import { sessionStore } from './session-store';
import { toasts } from './toast-store';
import { createRefreshCheck } from './token-refresh';

// The app's wiring of session, API client and live channel (spec §4 and §8).

export const liveConnection = createLiveConnection({
  createSocket: (url) => new WebSocket(url),
  buildUrl: (userId, streamToken) => buildLiveUrl(window.location, userId, streamToken),
  isSessionAlive: () => sessionStore.isAuthenticated(),
  onUnauthorized: expireSession,
  onReplaced: (message) =>
    toasts.add({
      title: 'Atualizações ao vivo pausadas nesta aba',
      description: message.detail ?? '',
      color: 'warning',
    }),
});

// Spec §4: the live connection closes whenever the session is cleared.
sessionStore.subscribe(() => {
  if (!sessionStore.isAuthenticated()) liveConnection.close();
});

export function openLiveConnection(): void {
  const { user, session } = sessionStore.getState();
  liveConnection.open(user?.id, session?.streamToken);
}

/**
 * Spec §8: an API 401 (or a failed refresh) clears the session and goes to /log-in; the embedded panel stays
 * where it is, asking to sign in again in its pop-up.
 */
export function endSession(): void {
  liveConnection.close();
  sessionStore.clear();
  if (!isEmbedPath()) navigateTo('/log-in');
}

/** Spec §8: a live message with status_code 401. */
export function expireSession(): void {
  endSession();
  toasts.add({ title: 'Sessão expirada', description: 'Por favor, faça login novamente', color: 'error' });
}

export const api = createHttpClient({
  baseURL: '/api/v1',
  getToken: () => sessionStore.getState().session?.sessionToken,
  onUnauthorized: endSession,
});

export const checkTokenRefresh = createRefreshCheck({
  store: sessionStore,
  openLiveConnection,
  refresh: () => api<TRefreshResponse>('/token/refresh', { method: 'POST' }),
  onFailure: endSession,
});
