import type { AnyMachineSnapshot } from 'xstate';
import { itemNotifyMachine } from '../../../machines/item/itemNotifyMachine';
import { itemRawSaveMachine } from '../../../machines/item/itemRawSaveMachine';
import { itemTimelineMachine } from '../../../machines/item/itemTimelineMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, actorId, output });
const failedActor = (actorId: string) => ({
  type: `xstate.error.actor.${actorId}`,
  actorId,
  error: { kind: 'server', userMessage: 'generalFailure' },
});
const ITEM = { $id: 'Contact-1', _t: 'Contact', _i: 1, _u: 4 };

describe('item children models (timeline, notification preference, raw edit)', () => {
  it('timeline: every state and transition', () => {
    const report = exploreModel({
      name: 'itemTimeline',
      machine: itemTimelineMachine,
      variants: [{ name: 'default', input: () => ({ id: 'Contact-1' }) }],
      events: [{ type: 'item.timelineRequested' }, { type: 'item.changed' }, done('timeline', []), failedActor('timeline')],
      serializeState: (s: AnyMachineSnapshot) => `${JSON.stringify(s.value)}|${String((s.context as { stale: boolean }).stale)}`,
    });
    expectFullCoverage(report, 4);
  });

  it('notification preference: every state and transition', () => {
    const report = exploreModel({
      name: 'itemNotify',
      machine: itemNotifyMachine,
      variants: [{ name: 'default', input: () => ({ id: 'Contact-1' }) }],
      events: [
        { type: 'item.notifyRequested' },
        { type: 'item.notifySet', notify: 'ALWAYS' },
        done('getNotify', { notify: 'PREFS' }),
        failedActor('getNotify'),
        done('setNotify', { notify: 'ALWAYS' }),
        failedActor('setNotify'),
      ],
      serializeState: (s: AnyMachineSnapshot) => JSON.stringify(s.value),
    });
    expectFullCoverage(report, 5);
  });

  it('raw edit: every state and transition', () => {
    const report = exploreModel({
      name: 'itemRawSave',
      // Alone it has no parent to tell; the item actor's side is tested in itemRawSaveMachine.test.ts.
      machine: itemRawSaveMachine.provide({ actions: { tellItem: () => undefined } }),
      variants: [{ name: 'default', input: () => undefined }],
      events: [
        { type: 'item.rawEditOpened' },
        { type: 'item.rawSaved', item: ITEM },
        done('update', ITEM),
        done('update', null),
        failedActor('update'),
      ],
      serializeState: (s: AnyMachineSnapshot) => JSON.stringify(s.value),
    });
    expectFullCoverage(report, 3);
  });
});
