import type { TLiveMessage } from '@escriba/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Authenticator, Invalidation } from '../../platform/auth/authenticator';
import type { PubSub } from '../../platform/pubsub/pubsub';

export const SESSION_ENDED_CLOSE_CODE = 4401;
const RECHECK_INTERVAL_MS = 60_000;

interface Connection {
  socket: WebSocket;
  sessionId: string;
  userId: string;
}

interface UserChannel {
  connections: Set<Connection>;
  ready: Promise<() => Promise<void>>;
}

export function userChannel(userId: string): string {
  return `live.user.${userId}`;
}

/** Sends a live message to every open connection of a user, on whichever instance holds it. */
export function publishToUser(pubsub: PubSub, userId: string, message: TLiveMessage): Promise<void> {
  return pubsub.publish(userChannel(userId), message);
}

/**
 * The live connections this instance holds. Each stays open while its session is usable; when
 * the session ends (logout, password reset, suspension, expiry) it gets a 401 `system` message
 * and is closed.
 */
export class LiveHub {
  private readonly channels = new Map<string, UserChannel>();
  private readonly stopWatching: () => void;
  private readonly recheckTimer: NodeJS.Timeout;

  constructor(
    private readonly pubsub: PubSub,
    private readonly authenticator: Authenticator,
    private readonly log: FastifyBaseLogger,
  ) {
    this.stopWatching = authenticator.onInvalidate((invalidation) => void this.recheck(invalidation));
    // Idle and absolute expiry happen without any event: look again now and then.
    this.recheckTimer = setInterval(() => void this.recheck({}), RECHECK_INTERVAL_MS).unref();
  }

  async attach(socket: WebSocket, sessionId: string, userId: string): Promise<void> {
    const connection: Connection = { socket, sessionId, userId };
    let channel = this.channels.get(userId);
    if (!channel) {
      const connections = new Set<Connection>();
      const ready = this.pubsub.subscribe(userChannel(userId), (message) => {
        const text = JSON.stringify(message);
        for (const each of connections) each.socket.send(text);
      });
      channel = { connections, ready };
      this.channels.set(userId, channel);
    }
    channel.connections.add(connection);
    socket.on('close', () => void this.detach(connection));
    await channel.ready;
  }

  async close(): Promise<void> {
    this.stopWatching();
    clearInterval(this.recheckTimer);
    const channels = [...this.channels.values()];
    this.channels.clear();
    for (const channel of channels) await (await channel.ready)();
  }

  private async detach(connection: Connection): Promise<void> {
    const channel = this.channels.get(connection.userId);
    if (!channel) return;
    channel.connections.delete(connection);
    if (channel.connections.size > 0) return;
    this.channels.delete(connection.userId);
    await (
      await channel.ready
    )();
  }

  private async recheck(invalidation: Invalidation): Promise<void> {
    const isEveryone = !invalidation.sessionId && !invalidation.userId;
    for (const channel of this.channels.values()) {
      for (const connection of channel.connections) {
        const isConcerned =
          isEveryone || connection.sessionId === invalidation.sessionId || connection.userId === invalidation.userId;
        if (!isConcerned) continue;
        try {
          const active = await this.authenticator.store.findById(connection.sessionId);
          if (active && !this.authenticator.store.expiryReason(active)) continue;
          endConnection(connection.socket, 'Sessão encerrada');
        } catch (error) {
          this.log.error({ err: error, sessionId: connection.sessionId }, 'live: session check failed');
        }
      }
    }
  }
}

/** Tells the client its session is over (spec §8: status_code 401), then closes the socket. */
export function endConnection(socket: WebSocket, detail: string): void {
  const message: TLiveMessage = { type: 'system', status_code: 401, detail };
  socket.send(JSON.stringify(message), () => socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended'));
}
