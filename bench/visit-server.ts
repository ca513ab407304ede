import type { TLiveMessage } from '@escriba/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { startServerProcess, type ServerProcess } from '../apps/server/test/server-process';
import { openTestDatabase } from '../apps/server/test/test-database';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { WhisperFixture, seqOf } from '../apps/server/test/whisper-fixture';
import { openSessions } from './bench-sessions';
import { processUsage, type ProcessUsage } from './process-usage';

export interface Reading {
  usage: ProcessUsage;
  /** Transactions committed and rolled back in the server's database so far, as PostgreSQL counts them. */
  transactions: number;
}

/** A recorded chunk's multipart request. */
export interface ChunkRequest {
  payload: Buffer;
  headers: Record<string, string>;
}

/**
 * One server process under measurement, with everything of its own: a PostgreSQL database, a Redis prefix, a data
 * folder, a loopback Whisper fixture answering after `providerMs`, and a professional whose live socket hears each
 * chunk's `transcript`. Two of them (two builds) can be measured side by side in one run.
 */
export class VisitServer {
  private readonly arrivals = new Map<string, number>();
  private wakeArrival = () => {};

  private constructor(
    readonly label: string,
    readonly entry: string,
    private readonly server: ServerProcess,
    private readonly database: DatabaseHandle,
    private readonly stats: pg.Client,
    private readonly fixture: WhisperFixture,
    private readonly dataDir: string,
    private readonly headers: Record<string, string>,
    private readonly socket: WebSocket,
  ) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as TLiveMessage;
      if (message.type === 'transcript' && message.seq !== undefined) {
        this.arrivals.set(`${message.consultation_id} ${message.seq}`, performance.now());
        this.wakeArrival();
      }
    });
  }

  /** `main`: the server's entry (a build, another checkout's sources); this checkout's src/main.ts without it. */
  static async start(label: string, main: string | undefined, providerMs: number): Promise<VisitServer> {
    const fixture = await WhisperFixture.start();
    fixture.behave = () => ({ delayMs: providerMs });
    const database = await openTestDatabase();
    const url = 'url' in database.source ? database.source.url : '';
    const stats = new pg.Client({ connectionString: url });
    await stats.connect();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'escriba-bench-visit-'));
    const server = await startServerProcess(
      {
        DATABASE_URL: url,
        REDIS_URL: process.env.TEST_REDIS_URL!,
        REDIS_PREFIX: `escriba-bench-${path.basename(dataDir)}:`,
        DATA_DIR: dataDir,
        WHISPER_URL: fixture.baseUrl,
        LOG_LEVEL: 'info', // startServerProcess waits for "Server listening"
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        // Chunks go as fast as they are announced, not one each 5 s: the professional's own limit is not measured.
        AUDIO_CHUNKS_PER_MINUTE: '100000',
      },
      main && path.resolve(main),
    );
    const [session] = await openSessions(database, 1, 'bench/long-visit.ts');
    const socket = new WebSocket(
      `${server.base.replace('http', 'ws')}/v1/ws/user/${session!.userId}/token/${session!.streamToken}`,
    );
    await new Promise((resolve) => socket.once('message', resolve));
    const headers = { authorization: `Bearer ${session!.accessToken}` };
    return new VisitServer(
      label,
      main ?? 'apps/server/src/main.ts',
      server,
      database,
      stats,
      fixture,
      dataDir,
      headers,
      socket,
    );
  }

  /** A consultation of a new patient, its recording consented. */
  async startConsultation(patient: string): Promise<string> {
    const { id } = JSON.parse(
      await this.call('POST', '/user/consultations/', 201, {
        body: JSON.stringify({ patient: { name: patient } }),
        headers: { 'content-type': 'application/json' },
      }),
    ) as { id: string };
    await this.call('PUT', `/user/consultations/${id}/recording-consent`, 200);
    return id;
  }

  /** Sends a chunk and waits for its `transcript`; answers the time from the 202 to it, less the provider's own. */
  async sendChunk(consultationId: string, seq: number, chunk: ChunkRequest): Promise<number> {
    await this.call('POST', `/user/consultations/${consultationId}/evidences/transcript?seq=${seq}`, 202, {
      body: chunk.payload,
      headers: chunk.headers,
    });
    const accepted = performance.now();
    const key = `${consultationId} ${seq}`;
    while (!this.arrivals.has(key)) await new Promise<void>((resolve) => (this.wakeArrival = resolve));
    // The provider's last request for this seq (a warm-up consultation sent the same seqs before).
    const provider = this.fixture.requests.findLast(
      (request) => seqOf(request) === seq && request.handledMs !== undefined,
    );
    return this.arrivals.get(key)! - accepted - (provider?.handledMs ?? 0);
  }

  /** How long a read of the consultation's partial transcript took, in ms. */
  async timePartialTranscript(consultationId: string): Promise<number> {
    const started = performance.now();
    await this.call('GET', `/user/consultations/${consultationId}/partial-transcript`, 200);
    return performance.now() - started;
  }

  async read(): Promise<Reading> {
    const [usage, { rows }] = await Promise.all([
      processUsage(this.server.child.pid!),
      this.stats.query<{ count: string }>(
        'select xact_commit + xact_rollback as count from pg_stat_database where datname = current_database()',
      ),
    ]);
    // That query is a transaction too.
    return { usage, transactions: Number(rows[0]!.count) };
  }

  /** The server's last log lines and its standard error, for a run that failed. */
  lastWords(): string {
    return `${this.server.stdout.slice(-20).join('\n')}\n${this.server.stderr()}`;
  }

  async close(): Promise<void> {
    this.socket.close();
    this.server.child.kill('SIGTERM');
    await this.server.exited;
    await this.stats.end();
    await this.database.close();
    await this.fixture.close();
    await rm(this.dataDir, { recursive: true, force: true });
  }

  private async call(method: string, route: string, status: number, init: RequestInit = {}): Promise<string> {
    const response = await fetch(`${this.server.base}/api/v1${route}`, {
      method,
      ...init,
      headers: { ...this.headers, ...(init.headers as Record<string, string>) },
    });
    const body = await response.text();
    if (response.status !== status) throw new Error(`${this.label}: ${method} ${route}: ${response.status} ${body}`);
    return body;
  }
}
