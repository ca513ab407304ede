import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An HTTP server on a free 127.0.0.1 port, the base of the tests' stand-ins for outside services. `close`
 * destroys the connections still open (kept alive, or held by an answer that waits), so it never waits on them.
 */
export abstract class LoopbackServer {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  protected constructor() {
    this.server = createServer((request, response) => void this.handle(request, response));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /** `http://127.0.0.1:<port>`, once listening. */
  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  protected async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  protected abstract handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
}
