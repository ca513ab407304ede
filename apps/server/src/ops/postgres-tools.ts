import { spawn } from 'node:child_process';
import { OperationError } from './manifest';

/** pg_dump, pg_restore: PostgreSQL's client programs, found on PATH (Debian: postgresql-client-<major>). */
type Tool = 'pg_dump' | 'pg_restore';

/** The major version of the installed tool (`pg_dump (PostgreSQL) 15.20 (Debian …)` → 15) and its full version. */
export async function toolVersion(tool: Tool): Promise<{ version: string; major: number }> {
  const output = await run(tool, ['--version'], {});
  const match = /\(PostgreSQL\) (\d+)(\.\d+)?/.exec(output);
  if (!match) throw new OperationError(`Could not read ${tool}'s version from: ${output.trim()}`);
  return { version: `${match[1]}${match[2] ?? ''}`, major: Number(match[1]) };
}

/** The whole database as it is in the exported snapshot, in pg_dump's custom format. */
export async function dumpDatabase(databaseUrl: string, snapshot: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`], env);
}

/**
 * Restores a dump in one transaction (all or nothing), with the objects owned by the role that restores (the
 * app's, from DATABASE_URL) and no grants to roles the new server may not have.
 */
export async function restoreDump(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run(
    'pg_restore',
    ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
}

// The password goes in the environment, not the command line, where any user of the machine could read it.
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function run(tool: Tool, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new OperationError(`${tool} is not installed: install PostgreSQL's client (Debian: postgresql-client)`)
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new OperationError(`${tool} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
