import type { AnyMachineSnapshot } from 'xstate';
import { lovMachine, type LovContext } from '../../../machines/item/lovMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

// The locale and each list's status are what the guards read; the values themselves are left out.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context = snapshot.context as LovContext;
  const lists = Object.entries(context.lists).map(([name, held]) => `${name}=${held.status}`);
  return `${context.locale}|${lists.sort().join(',')}`;
};

// The answers of the list's request actor.
const done = {
  type: 'xstate.done.actor.list.REGIONS',
  actorId: 'list.REGIONS',
  output: { _: [{ id: 'LOVValue-1', key: 'NORTH', label: 'North', state: 'ACTIVE' }] },
};
const failed = {
  type: 'xstate.error.actor.list.REGIONS',
  actorId: 'list.REGIONS',
  error: { kind: 'server', userMessage: 'generalFailure' },
};

describe('lovMachine model (lists asked once, failed lists asked again, locale changes, dropped caches)', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'lov',
      machine: lovMachine,
      variants: [{ name: 'en', input: () => ({ locale: 'en' }) }],
      events: [
        { type: 'lov.requested', list: 'REGIONS' },
        { type: 'lov.retryRequested', list: 'REGIONS' },
        done,
        failed,
        { type: 'lov.localeChanged', locale: 'fr' },
        { type: 'lov.localeChanged', locale: 'en' },
        { type: 'session.cachesDropped' },
      ],
      serializeState,
    });
    expectFullCoverage(report, 0);
  });
});
