import type { TLiveMessage } from '@escriba/contract';
import type { App } from '../../platform/services';
import { endConnection, LiveHub } from './live-hub';
import { streamSession, ZLiveParams } from './stream-session';

const HEARTBEAT_MS = 30_000;

/** The live channel (spec §7): /v1/ws/user/{userId}/token/{streamToken}, outside /api. */
export async function liveRoutes(app: App): Promise<void> {
  const hub = new LiveHub(app.pubsub, app.authenticator, app.log);
  app.addHook('onClose', () => hub.close());

  app.get(
    '/v1/ws/user/:userId/token/:streamToken',
    { websocket: true, config: { access: 'public' } },
    async (socket, request) => {
      const params = ZLiveParams.safeParse(request.params);
      const active = params.success ? await streamSession(app, params.data.userId, params.data.streamToken) : undefined;
      if (!active) {
        endConnection(socket, 'Sessão inválida ou expirada');
        return;
      }
      // A connection that stops answering pings (a dropped network) is closed, so the client reconnects.
      let isAlive = true;
      socket.on('pong', () => (isAlive = true));
      const heartbeat = setInterval(() => {
        if (!isAlive) return socket.terminate();
        isAlive = false;
        socket.ping();
      }, HEARTBEAT_MS).unref();
      socket.on('close', () => clearInterval(heartbeat));

      if (!(await hub.attach(socket, active.session.id, active.user.id))) return;
      const hello: TLiveMessage = { type: 'system', status_code: 200, detail: 'connected' };
      socket.send(JSON.stringify(hello));
    },
  );
}
