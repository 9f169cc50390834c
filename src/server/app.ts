import helmet from '@fastify/helmet';
import { checkObjectStore, storeNewFile } from './files/objectStore';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TOKEN_HEADER } from '../shared/constants';
import { itemTypes } from '../shared/itemTypes';
import { Push } from '../shared/protocol';
import { AccountService } from './accounts/AccountService';
import { TokenService } from './accounts/TokenService';
import type { ServerConfig } from './config';
import { openDatabase } from './db/openDatabase';
import { seedDemoData } from './demo/seedDemoData';
import { registerAssetRoutes } from './http/assetRoutes';
import { registerAuthRoutes } from './http/authRoutes';
import { registerRateLimits } from './http/rateLimits';
import { registerFileRoutes } from './http/fileRoutes';
import { renderIndexHtml, siteConfigFromSettings } from './http/indexHtml';
import { registerItemRoutes } from './http/itemRoutes';
import { registerPublicRoutes } from './http/publicRoutes';
import { LiveHub } from './live/LiveHub';
import { Dispatcher } from './ops/Dispatcher';
import { operationTable } from './ops/operationTable';
import { installTypeRules } from './policy/policy';
import { installListRights, listRightRules } from './policy/listRights';
import { modules } from '../modules';
import { moduleServers } from '../modules/server';
import { taskKinds } from './tasks/taskKinds';
import { checkImportKinds, installImports } from './imports/installImports';
import { ensurePropertyIndexes } from './search/propertyIndexes';
import type { Services } from './services';
import { SiteSettings } from './settings/SiteSettings';
import { SocketConnection } from './socket/SocketConnection';
import { Mailer } from './mail/Mailer';
import { NotificationMailer } from './notifications/NotificationMailer';
import { NotificationService } from './notifications/NotificationService';
import { checkDerivedFields } from './store/DerivedField';
import { buildEventKinds } from '../shared/eventKinds';
import { buildDashboardCards } from '../shared/dashboard/dashboardCards';
import { ItemStore } from './store/ItemStore';
import { listValueValidator } from './store/listValueValidator';
import { orgContactValidator } from './store/orgContactValidator';
import { StreamStore } from './store/StreamStore';
import { JobScheduler } from './jobs/JobScheduler';
import { installStepKinds } from './workflow/stepBehaviours';

/** Largest body of an ordinary HTTP route, in bytes. */
const DEFAULT_BODY_LIMIT = 64 * 1024;

/** What the first start created, for the start-up banner. */
export interface Bootstrap {
  adminEmail: string | null;
  generatedPassword?: string;
  seeded: boolean;
}

/** A running server: its HTTP app, services, and how to stop it. */
export interface KKServer {
  app: FastifyInstance;
  services: Services;
  bootstrap: Bootstrap;
  /** Starts listening; answers the base URL. */
  listen(): Promise<string>;
  /** Closes sockets, the HTTP server and the database. */
  close(): Promise<void>;
}

const DEFAULT_ADMIN_EMAIL = 'admin@knowledgekeeper.local';
/** Advisory lock key of the first-start bootstrap. */
const BOOTSTRAP_LOCK = 7_374_202;

/**
 * Whether a browser page of `origin` may open a socket. Behind PUBLIC_URL only that origin; without
 * it, the origin must name the host and the scheme the request came in on (http on a plain server,
 * https only where a trusted proxy says so): a page of http://host is not https://host's page.
 */
function allowedOrigin(config: ServerConfig, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser: the token still has to authenticate
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  if (config.publicUrl) return o.origin === new URL(config.publicUrl).origin;
  try {
    // Through URL, so that a default port written out (host:80) compares equal to none.
    return o.origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}

/** Opens the database and builds the server with every service and route. */
export async function createServer(config: ServerConfig): Promise<KKServer> {
  // Before the database opens: a module's faulty rule or derived field stops the start with nothing to close.
  const listRights = installListRights(modules, (name) => itemTypes.get(name), config.dedicated);
  installTypeRules([...moduleServers, listRightRules(listRights)], (name) => itemTypes.get(name) !== undefined);
  const derivedFields = moduleServers.flatMap((m) => m.derived ?? []);
  checkDerivedFields(derivedFields, itemTypes);
  // An event kind registered twice stops the start here too, before there is a database to close.
  buildEventKinds();
  // So does an import kind not uppercase, registered twice, or whose key cannot be indexed (spec 001 §5).
  checkImportKinds(moduleServers);
  // So does a dashboard card key defined twice, or a card the core cannot search or draw.
  buildDashboardCards();
  // So does a workflow step kind registered twice, or a behaviour of a kind no module declares.
  installStepKinds(modules, moduleServers);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: config.statementTimeoutMs,
    poolSize: config.databasePoolSize,
  });
  const items = new ItemStore(db, itemTypes);
  const tokens = new TokenService(db, config);
  // Links in mail use PUBLIC_URL, never the request's Host header, which a caller could forge.
  let listeningAt = `http://localhost:${config.port}`;
  const baseUrl = (): string => (config.publicUrl ?? listeningAt).replace(/\/$/, '');
  const mailer = new Mailer(config.mailFrom, config.smtpUrl, join(config.dataDir, 'outbox'));
  const accounts = new AccountService(db, items, tokens, mailer, { version: config.version, siteName: config.siteName, baseUrl });
  const live = new LiveHub(db, items);
  const notifications = new NotificationService(db, items, accounts, live);
  items.addChangeHook(notifications.onChange);
  items.addChangeHook(accounts.onUserChange);
  items.addValidator(listValueValidator);
  items.addValidator(orgContactValidator);
  installImports(items, moduleServers);
  for (const m of moduleServers) {
    for (const validator of m.validators ?? []) items.addValidator(validator);
    for (const hook of m.changeHooks ?? []) items.addChangeHook(hook);
    for (const field of m.derived ?? []) items.addDerivedField(field);
  }
  const notificationMailer = new NotificationMailer(db, mailer, { siteName: config.siteName, baseUrl });
  const siteSettings = new SiteSettings(db);
  // Scheduled work of every module, run by whichever process claims each job first.
  const jobs = new JobScheduler(db, () => services);
  const services: Services = {
    config,
    db,
    items,
    tokens,
    accounts,
    live,
    streams: new StreamStore(db),
    mailer,
    baseUrl,
    notifications,
    siteSettings,
    jobs,
  };

  let app: FastifyInstance | null = null;
  const moduleStops: Array<() => Promise<void>> = [];
  try {
    await ensurePropertyIndexes(
      db,
      itemTypes.all(),
      modules.flatMap((m) => m.cards ?? []),
    );
    // A bucket that cannot be used stops the start with its reason, before anything is stored in it.
    await checkObjectStore(config);
    const bootstrap = await db.transaction(async (tx): Promise<Bootstrap> => {
      // One process at a time, all or nothing: several may start together on one empty database.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [BOOTSTRAP_LOCK]);
      const fresh = !(await accounts.hasAccounts(tx));
      const made: Bootstrap = { adminEmail: null, seeded: false };
      if (!fresh && !config.adminEmail) return made;
      const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
      const admin = await accounts.ensureAdmin(tx, email, config.adminPassword);
      made.adminEmail = email;
      if (admin.generatedPassword) made.generatedPassword = admin.generatedPassword;
      if (fresh && config.seedDemo) {
        await seedDemoData(tx, items, accounts, admin.userId, (bytes) => storeNewFile(config, bytes));
        made.seeded = true;
      }
      return made;
    });
    const stopFollowing = await items.start();
    await live.start();
    await siteSettings.start();
    // Every browser learns a changed site setting at once: each process tells its own sockets.
    siteSettings.onChange(() => {
      const changed = siteConfigFromSettings(config, siteSettings);
      if (Object.keys(changed).length) live.broadcast({ o: Push.siteConfig, b: changed });
    });
    notificationMailer.start();
    for (const m of moduleServers) for (const kind of m.jobs ?? []) jobs.register(kind);
    await jobs.start();
    for (const m of moduleServers) if (m.start) moduleStops.push(await m.start(services));

    // Forwarding headers only from the proxies named in TRUST_PROXY: anyone else could forge them
    // to escape the per-address limits or pose as https.
    app = Fastify({ logger: false, bodyLimit: DEFAULT_BODY_LIMIT, trustProxy: config.trustProxy.length ? config.trustProxy : false });
    const a = app;
    // Before any route: routes take the error handler in force when they are registered.
    a.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) console.error('Request failed:', error);
      const userMessage =
        status === 413 ? 'tooLarge' : status === 429 ? 'tooManyRequests' : status < 500 ? 'parseRequestFailed' : 'generalFailure';
      return reply.code(status).send({ userMessage, sysMessage: status < 500 ? error.message : 'Internal error' });
    });
    // Answers carrying a token, and API answers (private data), are kept by no cache along the way.
    a.addHook('onSend', async (request, reply, payload) => {
      if (reply.hasHeader(TOKEN_HEADER) || (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
    await a.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          // blob: OpenLayers' WebGL layer builds its buffers in a worker it makes from a blob (issue 17:
          // 100,000 points on a map); only a script of ours, already running, can make one.
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          // ASVS 3.4.3: nothing may rebase the page's relative URLs, and forms post only here.
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.publicUrl?.startsWith('https:') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Nothing of ours is ever framed: the legacy header says the same as frame-ancestors.
      frameguard: { action: 'deny' },
      // ASVS 3.4.1: a year, subdomains included, only where the site is served over HTTPS.
      hsts: config.publicUrl?.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    await a.register(websocket, { options: { maxPayload: config.wsMaxMsgSize } });
    const dispatcher = new Dispatcher(operationTable);

    a.get(
      '/ws',
      {
        websocket: true,
        preValidation: async (request, reply) => {
          if (!allowedOrigin(config, request)) {
            await reply.code(403).send({ userMessage: 'notAllowed', sysMessage: 'Origin not allowed' });
          }
        },
      },
      (socket, request) => {
        // The plugin's error listener keeps the upgrade's request and reply for the socket's whole life
        // (about 1.5 KB a socket), and the connection's raw socket keeps the reply: both are let go, the
        // connection listening for errors itself (issue 20: memory per idle socket).
        socket.removeAllListeners('error');
        const raw = request.raw.socket as (typeof request.raw.socket & { _httpMessage?: unknown }) | null;
        if (raw) raw._httpMessage = null;
        new SocketConnection(socket, services, dispatcher);
      },
    );

    // A module's own sockets (live-assist): the same Origin check; the module authenticates.
    for (const m of moduleServers)
      for (const route of m.sockets ?? [])
        a.get(
          route.path,
          {
            websocket: true,
            preValidation: async (request, reply) => {
              if (!allowedOrigin(config, request))
                await reply.code(403).send({ userMessage: 'notAllowed', sysMessage: 'Origin not allowed' });
            },
          },
          (socket, request) => route.open(socket, request.query as Record<string, unknown>, services),
        );

    // Before the routes: the limiter attaches itself to each route as it is added.
    await registerRateLimits(a, config.anonymousRequestsPerMinute);
    registerAuthRoutes(a, services);
    registerItemRoutes(a, services, dispatcher);
    registerPublicRoutes(a, services);

    // The repository's public/: two folders up from src/server and dist/server, one from a script bundled into .tmp/.
    const templateDir = [resolve(__dirname, '..', '..', 'public'), resolve(__dirname, '..', 'public')].find((dir) =>
      existsSync(join(dir, 'index.html')),
    )!;
    // sendFile only: every served path is an explicit route, so the raw template is never exposed.
    await a.register(fastifyStatic, { root: templateDir, serve: false });
    await registerFileRoutes(a, services);
    for (const m of moduleServers) for (const kind of m.taskKinds ?? []) taskKinds.register(kind);
    await registerAssetRoutes(a, config.publicDir);
    // The service worker must not be cached, or clients would never see a new version.
    a.get('/sw.js', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('sw.js', config.publicDir));
    a.get('/icons/*', (request, reply) => reply.sendFile((request.params as { '*': string })['*'], join(templateDir, 'icons')));

    const indexHtml = renderIndexHtml(config, templateDir, siteSettings);
    a.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0]!;
      const isApi = /^\/(api|ws|lov|locale-overrides|attachment|item-id-image|item-uuid-image)(\/|$)/.test(path);
      // A missing file answers 404; a view key with a dot (/admin.owner, /admin.state, /spatial.map) is a page:
      // only a script's or a style sheet's source map ends in .map.
      const isFile =
        /\.(html?|m?js|css|(m?js|css)\.map|json|txt|xml|webmanifest|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|wasm|pdf|zip)$/i.test(path);
      if (request.method === 'GET' && !isApi && !isFile) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml());
      }
      return reply.code(404).send({ userMessage: 'notFound', sysMessage: `${request.method} ${path} not found` });
    });

    let closed = false;
    return {
      app: a,
      services,
      bootstrap,
      async listen() {
        const address = await a.listen({ port: config.port, host: config.host });
        listeningAt = address.replace('://127.0.0.1', '://localhost');
        return address;
      },
      async close() {
        if (closed) return;
        closed = true;
        for (const stop of moduleStops) await stop();
        await live.stop();
        await siteSettings.stop();
        await a.close();
        await stopFollowing();
        await notificationMailer.stop();
        await jobs.stop();
        await db.close();
      },
    };
  } catch (e) {
    for (const stop of moduleStops) await stop().catch(() => undefined);
    await notificationMailer.stop().catch(() => undefined);
    await jobs.stop().catch(() => undefined);
    await live.stop().catch(() => undefined);
    await siteSettings.stop().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await db.close();
    throw e;
  }
}
