/**
 * The product's registries with the example journal added, for the tests that run it. Each test file
 * keeps its own `jest.mock` of a registry (jest hoists mocks per file) and answers it from here:
 * `jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal())`.
 */
import type * as ModelRegistry from '../../../src/modules';
import type * as ClientRegistry from '../../../src/modules/client';
import type * as ServerRegistry from '../../../src/modules/server';
import type * as JournalModel from './model';
import type * as JournalClient from './client';
import type * as JournalServer from './server';

/** `src/modules` with the journal's model. */
export const modelsWithJournal = (): typeof ModelRegistry => ({
  modules: [
    ...jest.requireActual<typeof ModelRegistry>('../../../src/modules').modules,
    jest.requireActual<typeof JournalModel>('./model').journalModule,
  ],
});

/** `src/modules/client` with the journal's browser part. */
export const clientsWithJournal = (): typeof ClientRegistry => ({
  moduleClients: [
    ...jest.requireActual<typeof ClientRegistry>('../../../src/modules/client').moduleClients,
    jest.requireActual<typeof JournalClient>('./client').journalClient,
  ],
});

/** `src/modules/server` with the journal's server part. */
export const serversWithJournal = (): typeof ServerRegistry => ({
  moduleServers: [
    ...jest.requireActual<typeof ServerRegistry>('../../../src/modules/server').moduleServers,
    jest.requireActual<typeof JournalServer>('./server').journalServer,
  ],
});
