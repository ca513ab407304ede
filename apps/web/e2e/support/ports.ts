/** Loopback ports of the e2e run: the app server, the CEP lookup fixture and the framing pages (playwright.config.ts). */
export const APP_PORT = Number(process.env.E2E_PORT ?? 4780);
export const CEP_PORT = APP_PORT + 1;
export const APP_URL = `http://localhost:${APP_PORT}`;
/** A record system's page framing the panel: the server lists it in EMBED_ORIGINS; the one beside it is refused. */
export const EMBED_HOST_PORT = APP_PORT + 2;
export const REFUSED_HOST_PORT = APP_PORT + 3;
/** A second server, started by a test, that transcribes over a realtime provider (support/realtime-server.ts). */
export const REALTIME_APP_PORT = APP_PORT + 4;

/** The first administrator, created by the server at start from ADMIN_EMAIL and ADMIN_PASSWORD. */
export const ADMIN = { name: 'Administrador', email: 'admin@escriba.test', password: 'admin-e2e-senha-segura' };
