import type { AnyMachineSnapshot } from 'xstate';
import { lovMachine, type LovContext } from '../../../machines/item/lovMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

// The locale and each list's status are what the guards read; the values themselves are left out.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context = snapshot.context as LovContext;
  const lists = Object.entries(context.lists).map(([name, held]) => `${name}=${held.status}`);
  return `${context.locale}|${lists.sort().join(',')}`;
};

const reply = (locale: string) => ({
  type: 'connection.replied',
  ticket: `lov:${locale}:REGIONS`,
  o: 'act/lov',
  frame: { o: 'act/lov', b: { _: [{ id: 'LOVValue-1', key: 'NORTH', label: 'North', state: 'ACTIVE' }] } },
});

describe('lovMachine model (lists asked once, failed lists asked again, locale changes, dropped caches)', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'lov',
      machine: lovMachine,
      variants: [{ name: 'en', input: () => ({ locale: 'en' }) }],
      events: [
        { type: 'lov.requested', list: 'REGIONS' },
        { type: 'lov.retryRequested', list: 'REGIONS' },
        reply('en'),
        reply('fr'),
        {
          type: 'connection.failed',
          ticket: 'lov:en:REGIONS',
          o: 'act/lov',
          failure: { kind: 'server', userMessage: 'generalFailure', sysMessage: '' },
        },
        { type: 'lov.localeChanged', locale: 'fr' },
        { type: 'lov.localeChanged', locale: 'en' },
        { type: 'session.cachesDropped' },
      ],
      serializeState,
    });
    expectFullCoverage(report, 0);
  });
});
