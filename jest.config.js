/** Jest: unit, client and e2e tests, and the server tests on PostgreSQL, those of the driver itself on PGlite too. */
const transform = {
  '^.+\\.(t|j|mj)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
  ],
};

// ESM-only packages that jest (on Node 20) must compile to CommonJS.
const esmPackages = [
  'content-disposition',
  '@tus',
  '@formatjs',
  'srvx',
  'archiver',
  'zip-stream',
  'compress-commons',
  'crc32-stream',
  'is-stream',
  'minimatch',
  'brace-expansion',
  'balanced-match',
  'shpjs',
  'but-unzip',
  'parsedbf',
];
// Packages whose CommonJS build jest must not take: shpjs's is a browser bundle (it reads `self`),
// but-unzip has none; jest takes their ES modules, compiled as above (the server bundle imports them).
const moduleNameMapper = {
  '^shpjs$': '<rootDir>/node_modules/shpjs/lib/index.js',
  '^but-unzip$': '<rootDir>/node_modules/but-unzip/index.node.min.mjs',
};
// Server tests run on PostgreSQL. On PGlite too run those that exercise the database driver itself
// (transactions and contention, restarts and what survives them, backups, the statement time-out,
// streamed answers, change notifications: live watches, domain events, notifications; scheduled jobs,
// a first start) and the rules of the modules whose issues ask for both (consultation, workflows,
// letters, conversations, spatial). The rest (the HTTP layer, the protocol, accounts, the core's
// operations, organisations and contacts) checks SQL that is the same on both and runs once; the e2e
// tests run every screen on PGlite.
const onBothDrivers = [
  'db/**',
  'backupRestore',
  'databaseContention',
  'domainEvents',
  'durability',
  'firstStart',
  'fuzzOperations',
  'itemStoreCreateMany',
  'itemStoreTransaction',
  'jobs',
  'jobsSchedule',
  'notifications',
  'objectStorageBackup',
  // The planner's use of the date, shape and card indexes (the dashboard's speed on the embedded database too).
  'propertyIndexes',
  'siteSettings',
  'streamed',
  'systemRewrite',
  'tasks',
  'watches',
  // The domain modules.
  'consultModule',
  'consultScreens',
  'conversations',
  'conversationsMail',
  'conversationsWorkflow',
  'geometryKind',
  'letters',
  'lettersWorkflow',
  'permissionMatrix',
  'spatialGisImport',
  'spatialModule',
  'spatialOverlap',
  'workflowCards',
  'workflowModule',
].map((name) => (name.endsWith('**') ? `<rootDir>/test/server/${name}/*.test.ts` : `<rootDir>/test/server/${name}.test.ts`));
const base = {
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper,
  testEnvironment: 'node',
  rootDir: __dirname,
};

module.exports = {
  // Server tests start processes and databases; a test that needs longer than this has hung.
  testTimeout: 30_000,
  // Two test files at a time on the 2-core CI machine (jest's default is one fewer than the cores):
  // most files wait on a browser, a server process or PostgreSQL, so a second file uses the idle core.
  maxWorkers: 2,
  globalSetup: '<rootDir>/test/support/globalSetup.ts',
  globalTeardown: '<rootDir>/test/support/globalTeardown.ts',
  reporters: ['default', '<rootDir>/test/support/summaryReporter.js'],
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/test/{shared,machines,modules,eslint}/**/*.test.ts'] },
    {
      ...base,
      displayName: 'client',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/test/client/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/test/client/support/setupClient.ts'],
      // The browser bundle's ESM-only packages, compiled for jest as well.
      transformIgnorePatterns: [
        `/node_modules/(?!(${[...esmPackages, 'wouter', 'regexparam', 'mitt', '@formatjs', 'intl-messageformat'].join('|')})/)`,
      ],
    },
    // Headless Chromium against the real server process (dist/server, dist/public: scripts/test.mjs builds both).
    { ...base, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
    {
      ...base,
      displayName: 'server-pglite',
      testMatch: ['<rootDir>/test/server/pglite/**/*.test.ts', ...onBothDrivers],
      setupFiles: ['<rootDir>/test/support/driverPglite.ts'],
    },
    {
      ...base,
      displayName: 'server-postgres',
      testMatch: ['<rootDir>/test/server/**/*.test.ts'],
      testPathIgnorePatterns: ['/test/server/pglite/'],
      setupFiles: ['<rootDir>/test/support/driverPostgres.ts'],
    },
  ],
};
