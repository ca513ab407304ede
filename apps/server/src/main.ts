import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { SecretsCustodyError } from './platform/secrets/secrets-custody';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    if (!(error instanceof DataDirInUseError || error instanceof SecretsCustodyError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  // SIGTERM/SIGINT: stop accepting, let requests and jobs in flight finish (jobs within SHUTDOWN_GRACE_SECONDS,
  // then handed back), close sockets, Redis and the database. The delay only bounds a close that hangs.
  closeWithGrace({ delay: config.shutdownGraceMs + 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ host: config.host, port: config.port });
  if (config.role === 'worker')
    app.log.info(`Escriba: tarefas em segundo plano (saúde em ${config.publicUrl}/healthz)`);
  else app.log.info(`Escriba em ${config.publicUrl}`);
}

await main();
