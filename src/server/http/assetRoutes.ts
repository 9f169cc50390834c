import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';

/** A year: asset names carry their content hash, so a name never changes its content. */
const ASSET_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

/**
 * GET /assets/*: the client bundle from `{publicDir}/assets`. The build writes `.br` and `.gz` beside
 * every script, style sheet and source map; a browser that accepts them gets the precompressed file
 * (Brotli first) with Content-Encoding, and every answer carries `Vary: Accept-Encoding` for caches.
 */
export async function registerAssetRoutes(app: FastifyInstance, publicDir: string): Promise<void> {
  // Its own scope: the app's instance already decorates the reply with sendFile.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: join(publicDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      preCompressed: true,
      index: false,
      cacheControl: true,
      maxAge: ASSET_MAX_AGE_MS,
      immutable: true,
    });
  });
}
