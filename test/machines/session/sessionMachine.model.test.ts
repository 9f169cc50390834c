import { sessionMachine } from '../../../machines/session/sessionMachine';
import { TOKEN_STORAGE_KEY } from '../../../src/shared/constants';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';
import { buildSiteConfig, fakeEffects, MemoryStorage } from './support/fakes';

test('model: every transition of the root session actor', () => {
  const report = exploreModel({
    name: 'sessionMachine',
    machine: sessionMachine,
    variants: [
      {
        name: 'core alone',
        input: () => ({ siteConfig: buildSiteConfig(), clientVersion: '1.0.0', effects: fakeEffects({ storage: new MemoryStorage() }) }),
      },
    ],
    events: [
      { type: 'session.storageChanged', key: TOKEN_STORAGE_KEY, newValue: null },
      { type: 'session.storageChanged', key: 'kk-other', newValue: 'x' },
      { type: 'session.siteConfigChanged', changes: { siteName: 'Riverbend' } },
      { type: 'session.messageChanged', lang: 'en', key: 'app.subtitle', message: 'Riverbend KnowledgeKeeper' },
    ],
    serializeState: (snapshot) => JSON.stringify(snapshot.value),
  });
  expectFullCoverage(report, 0);
});
