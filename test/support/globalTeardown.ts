import { rmSync } from 'node:fs';

/** Stops the PostgreSQL cluster and removes the embedded template that globalSetup made. */
export default async function globalTeardown(): Promise<void> {
  await globalThis.kkPostgresCluster?.stop();
  if (process.env.KK_PGLITE_TEMPLATE) rmSync(process.env.KK_PGLITE_TEMPLATE, { recursive: true, force: true });
}
