/** Jest: unit tests, and the server tests twice, once per database driver. */
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
// Server tests of the HTTP layer alone (socket origins, headers, per-address rate limits): the database
// under them changes nothing they check, so they run once, on the PostgreSQL project.
const driverFree = ['/test/server/httpHardening.test.ts'];
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
      testMatch: ['<rootDir>/test/server/**/*.test.ts'],
      testPathIgnorePatterns: ['/test/server/postgres/', ...driverFree],
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
