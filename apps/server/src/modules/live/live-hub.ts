import { SESSION_ENDED_CLOSE_CODE, type TLiveMessage } from '@escriba/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Authenticator, Invalidation } from '../../platform/auth/authenticator';
import type { PubSub } from '../../platform/pubsub/pubsub';

/** A newer connection of the same session took this one's place (see MAX_CONNECTIONS_PER_SESSION). */
export const REPLACED_CLOSE_CODE = 4409;
/** WebSocket's "try again later": the client reconnects with backoff. */
export const TRY_AGAIN_LATER_CLOSE_CODE = 1013;
const RECHECK_INTERVAL_MS = 60_000;
// A person has a few tabs open; more on one session is a leak or abuse, and each costs memory.
export const MAX_CONNECTIONS_PER_SESSION = 10;

interface Connection {
  socket: WebSocket;
  sessionId: string;
  userId: string;
}

interface UserChannel {
  /** In order of arrival: the oldest first. */
  connections: Set<Connection>;
  /** Resolves to the function that ends the subscription, or undefined when it could not be made. */
  ready: Promise<(() => Promise<void>) | undefined>;
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

  /**
   * Delivers the user's messages to the socket; answers false, having closed the socket with
   * "try again later", when the subscription cannot be made (Redis unreachable).
   */
  async attach(socket: WebSocket, sessionId: string, userId: string): Promise<boolean> {
    const connection: Connection = { socket, sessionId, userId };
    let channel = this.channels.get(userId);
    if (!channel) {
      const connections = new Set<Connection>();
      const ready = this.pubsub
        .subscribe(userChannel(userId), (message) => {
          const text = JSON.stringify(message);
          for (const each of connections) each.socket.send(text);
        })
        .catch((error: unknown) => {
          this.log.warn({ err: error }, 'live: subscription failed; the connection is closed for the client to retry');
          return undefined;
        });
      channel = { connections, ready };
      this.channels.set(userId, channel);
    }
    this.makeRoom(channel, sessionId);
    channel.connections.add(connection);
    socket.on('close', () => void this.detach(connection));
    if (await channel.ready) return true;
    if (this.channels.get(userId) === channel) this.channels.delete(userId);
    closeConnection(
      socket,
      { status: 503, detail: 'Canal ao vivo indisponível no momento' },
      TRY_AGAIN_LATER_CLOSE_CODE,
    );
    return false;
  }

  async close(): Promise<void> {
    this.stopWatching();
    clearInterval(this.recheckTimer);
    const channels = [...this.channels.values()];
    this.channels.clear();
    for (const channel of channels) await (await channel.ready)?.();
  }

  /** Closes the session's oldest connections so that one more stays within the cap. */
  private makeRoom(channel: UserChannel, sessionId: string): void {
    const ofSession = [...channel.connections].filter((connection) => connection.sessionId === sessionId);
    for (const oldest of ofSession.slice(0, Math.max(0, ofSession.length - MAX_CONNECTIONS_PER_SESSION + 1))) {
      channel.connections.delete(oldest);
      closeConnection(
        oldest.socket,
        {
          status: 409,
          detail: 'Conexão encerrada: esta sessão abriu conexões ao vivo demais (em outras abas ou janelas).',
        },
        REPLACED_CLOSE_CODE,
      );
    }
  }

  private async detach(connection: Connection): Promise<void> {
    const channel = this.channels.get(connection.userId);
    if (!channel) return;
    channel.connections.delete(connection);
    if (channel.connections.size > 0) return;
    this.channels.delete(connection.userId);
    await (
      await channel.ready
    )?.();
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
  closeConnection(socket, { status: 401, detail }, SESSION_ENDED_CLOSE_CODE);
}

/** Sends a `system` message saying why, then closes with a code the client acts on. */
function closeConnection(socket: WebSocket, why: { status: number; detail: string }, closeCode: number): void {
  const message: TLiveMessage = { type: 'system', status_code: why.status, detail: why.detail };
  socket.send(JSON.stringify(message), () => socket.close(closeCode));
}
