import { createServer } from './app';
import { configFromEnv } from './config';

/** Starts the server from the environment, prints how to reach it, and stops cleanly on a signal. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const server = await createServer(config);
  const address = await server.listen();
  const url = config.publicUrl ?? address.replace('://127.0.0.1', '://localhost');
  const { bootstrap } = server;
  const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  console.log(`KnowledgeKeeper ${config.version} is running at ${url} on ${db}.`);
  if (bootstrap.adminEmail && bootstrap.generatedPassword) {
    console.log(`Sign in as ${bootstrap.adminEmail} with the password ${bootstrap.generatedPassword}`);
    console.log('This password is shown only once: keep it, or set ADMIN_EMAIL and ADMIN_PASSWORD.');
  } else if (bootstrap.adminEmail && bootstrap.adminEmail === config.adminEmail) {
    console.log(`Sign in as ${bootstrap.adminEmail} with the password from ADMIN_PASSWORD.`);
  }
  if (bootstrap.seeded) console.log('The database was empty: demo organisations, contacts and users were added.');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing sockets and the database...`);
    server.close().then(
      () => process.exit(0),
      (e) => {
        console.error('Shutdown failed:', e);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((e: Error) => {
  console.error(`KnowledgeKeeper could not start: ${e.message}`);
  process.exit(1);
});
