import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';
import { waitUntil } from './wait-until';

const run = promisify(execFile);
/** The configuration docs/DEPLOY.md tells a clinic to install. */
const DEPLOYED_CONFIG = path.resolve(import.meta.dirname, '../../../deploy/nginx/escriba.conf');

/** Debian's nginx (`apt-get install nginx`), or undefined when it is not installed. */
export function findNginx(): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin'];
  return folders.map((folder) => path.join(folder, 'nginx')).find((file) => existsSync(file));
}

/**
 * nginx in the foreground, a child of the test, running deploy/nginx/escriba.conf with only what differs on a
 * test machine replaced: the instances, the ports (on 127.0.0.1), the name (localhost) and a self-signed
 * certificate made here. Everything it writes stays in a temporary folder.
 */
export class NginxProxy {
  private constructor(
    private readonly child: ChildProcess,
    private readonly folder: string,
    private readonly output: () => string,
    readonly ca: Buffer,
    readonly httpsPort: number,
    readonly httpPort: number,
  ) {}

  static async start(nginx: string, instances: string[]): Promise<NginxProxy> {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'escriba-nginx-'));
    // Its workers run as nobody when the test runs as root: they must reach the temporary paths.
    await chmod(folder, 0o755);
    const certificate = path.join(folder, 'certificate.pem');
    const key = path.join(folder, 'key.pem');
    await run('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', certificate],
    ]);
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const site = templateSite(await readFile(DEPLOYED_CONFIG, 'utf8'), {
      instances,
      httpsPort,
      httpPort,
      certificate,
      key,
      accessLog: path.join(folder, 'access.log'),
    });
    await writeFile(path.join(folder, 'escriba.conf'), site);
    const main = path.join(folder, 'nginx.conf');
    await writeFile(main, mainConfig(folder));
    const args = ['-p', folder, '-c', main, '-e', 'stderr'];
    await run(nginx, [...args, '-t']);
    const child = spawn(nginx, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const proxy = new NginxProxy(child, folder, () => output, await readFile(certificate), httpsPort, httpPort);
    try {
      await waitUntil(() => child.exitCode === null && isListening(httpsPort), `nginx listening on ${httpsPort}`);
    } catch (error) {
      await proxy.stop();
      throw new Error(`${(error as Error).message}\n${output}`);
    }
    return proxy;
  }

  /** `https://localhost:<port>`, as a browser reaches it. */
  get httpsBase(): string {
    return `https://localhost:${this.httpsPort}`;
  }

  /** The access log the site writes (empty until nginx has logged a request). */
  async accessLog(): Promise<string> {
    try {
      return await readFile(path.join(this.folder, 'access.log'), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return '';
    }
  }

  /** What nginx wrote (warnings, errors), for a failing test's message. */
  log(): string {
    return this.output();
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = once(this.child, 'exit');
      this.child.kill('SIGTERM');
      await exited;
    }
    await rm(this.folder, { recursive: true, force: true });
  }

  /** A request through the proxy, trusting its certificate only. */
  request(
    pathname: string,
    options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
    return new Promise((resolve, reject) => {
      const outgoing = httpsRequest(
        `${this.httpsBase}${pathname}`,
        { method: options.method ?? 'GET', headers: options.headers, ca: this.ca },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(options.body);
    });
  }
}

interface SiteValues {
  instances: string[];
  httpsPort: number;
  httpPort: number;
  certificate: string;
  key: string;
  accessLog: string;
}

/** The committed site with the test's values; a directive that is no longer there fails loudly. */
export function templateSite(site: string, values: SiteValues): string {
  const replacements: [RegExp, string][] = [
    [
      /^( *)server [\w.-]+:\d+([^;\n]*);\n(?: *server [\w.-]+:\d+[^;\n]*;\n)*/m,
      values.instances.map((instance) => `$1server ${instance}$2;\n`).join(''),
    ],
    // IPv6 may be missing on a test machine.
    [/^ *listen \[::\]:\d+[^;\n]*;\n/gm, ''],
    [/listen 80;/, `listen 127.0.0.1:${values.httpPort};`],
    [/listen 443 /, `listen 127.0.0.1:${values.httpsPort} `],
    [/ssl_certificate +\S+;/, `ssl_certificate ${values.certificate};`],
    [/ssl_certificate_key +\S+;/, `ssl_certificate_key ${values.key};`],
    [/escriba\.clinica\.example/g, 'localhost'],
    [/access_log \S+ escriba;/g, `access_log ${values.accessLog} escriba;`],
  ];
  return replacements.reduce((text, [pattern, replacement]) => {
    if (!text.match(pattern)) throw new Error(`deploy/nginx/escriba.conf has no ${pattern}: update templateSite`);
    return text.replace(pattern, replacement);
  }, site);
}

/** What Debian's /etc/nginx/nginx.conf provides around a site, with every path in the test's folder. */
function mainConfig(folder: string): string {
  const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${path.join(folder, kind)};`)
    .join('\n');
  return `pid ${path.join(folder, 'nginx.pid')};
error_log stderr warn;
worker_processes 2;
events { worker_connections 256; }
http {
  access_log off;
${temporary}
  include ${path.join(folder, 'escriba.conf')};
}
`;
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
