/**
 * A collection's actions (issue 17): every state and transition reached by the model, and what the
 * rest of the session sees — nothing offered until the server answered, the export task handed to the
 * tasks actor, the new Import opened next to the collection's column, a refusal said as an alert.
 */
import { createActor, createMachine, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import {
  collectionActionsMachine,
  selectCollectionActionBusy,
  selectCollectionActions,
} from '../../../machines/spatial/collectionActionsMachine';
import { SystemId } from '../../../machines/systemIds';
import type { Item } from '../../../src/shared/items/types';
import type { TaskInfo } from '../../../src/shared/protocol';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const INPUT = { collectionId: 'SpatialCollection-4', cellKey: 'c-2' };
const TASK: TaskInfo = { key: 'task-9', started: '2026-11-27T18:00:00Z', percentageComplete: 0 };
const IMPORT: Item = {
  $id: 'Import-3',
  _t: 'Import',
  _i: 3,
  _u: 1,
  _c: { ts: '2026-11-27T18:00:00Z', by: null },
  $access: 'PRIVATE',
  $labels: {},
  label: 'GIS file into Harvest sites',
};
const REFUSED = { kind: 'server', userMessage: 'notAllowed' };

/** The requests never answer by themselves: the test delivers their ends. */
const machine = collectionActionsMachine.provide({ actors: { operation: fromPromise(() => new Promise<unknown>(() => undefined)) } });

const serializeState = (s: AnyMachineSnapshot): string => `${JSON.stringify(s.value)}|${JSON.stringify(s.context.allowed)}`;

test('model: every state and transition of a collection’s actions', () => {
  const report = exploreModel({
    name: 'collectionActionsMachine',
    machine,
    variants: [{ name: 'a collection', input: () => INPUT }],
    events: [
      { type: 'xstate.done.actor.allowed', output: { export: true, import: true } },
      { type: 'xstate.done.actor.allowed', output: { export: true, import: false } },
      { type: 'xstate.error.actor.allowed', error: REFUSED },
      { type: 'collection.exportRequested', format: 'KML' },
      { type: 'collection.importRequested', label: 'GIS file into Harvest sites' },
      { type: 'xstate.done.actor.export', output: TASK },
      { type: 'xstate.error.actor.export', error: REFUSED },
      { type: 'xstate.done.actor.import', output: IMPORT },
      { type: 'xstate.error.actor.import', error: REFUSED },
    ],
    serializeState,
  });
  expectFullCoverage(report, 4);
});

/** The collection's actor under a root that stands for the session: the tasks, router and alerts actors record what they get. */
function withSession() {
  const got: Record<string, AnyEventObject[]> = { tasks: [], router: [], alerts: [] };
  const recorder = (name: string) => createMachine({ on: { '*': { actions: ({ event }) => got[name]!.push(event) } } });
  const root = createMachine({
    entry: [],
    invoke: [
      { src: recorder('tasks'), systemId: SystemId.tasks },
      { src: recorder('router'), systemId: SystemId.router },
      { src: recorder('alerts'), systemId: SystemId.alerts },
      { id: 'actions', src: machine, input: INPUT },
    ],
  });
  const actor = createActor(root).start();
  const actions = actor.getSnapshot().children.actions as ReturnType<typeof createActor<typeof machine>>;
  return { got, actions };
}

describe('what the screen and the session see', () => {
  it('offers nothing until the server answered, and nothing when the question was refused', () => {
    const { actions } = withSession();
    expect(selectCollectionActions(actions.getSnapshot())).toEqual({ export: false, import: false });
    expect(selectCollectionActionBusy(actions.getSnapshot())).toBe(true);
    actions.send({ type: 'collection.exportRequested', format: 'KML' });
    actions.send({ type: 'xstate.error.actor.allowed', error: REFUSED });
    actions.send({ type: 'collection.exportRequested', format: 'KML' });
    expect(actions.getSnapshot().value).toBe('READY');
    expect(selectCollectionActions(actions.getSnapshot())).toEqual({ export: false, import: false });
  });

  it('hands the started export to the tasks actor, opens the new Import next to the column, says a refusal', () => {
    const { got, actions } = withSession();
    actions.send({ type: 'xstate.done.actor.allowed', output: { export: true, import: true } });
    expect(selectCollectionActionBusy(actions.getSnapshot())).toBe(false);
    actions.send({ type: 'collection.exportRequested', format: 'KML' });
    expect(selectCollectionActionBusy(actions.getSnapshot())).toBe(true);
    actions.send({ type: 'xstate.done.actor.export', output: TASK });
    expect(got.tasks).toEqual([{ type: 'tasks.updated', task: TASK }]);
    actions.send({ type: 'collection.importRequested', label: 'GIS file into Harvest sites' });
    actions.send({ type: 'xstate.done.actor.import', output: IMPORT });
    expect(got.router).toEqual([{ type: 'router.opened', fromKey: 'c-2', segment: 'i-Import-3' }]);
    actions.send({ type: 'collection.importRequested', label: 'GIS file into Harvest sites' });
    actions.send({ type: 'xstate.error.actor.import', error: REFUSED });
    expect(got.alerts).toEqual([{ type: 'alerts.raised', alert: { type: 'ERROR', message: 'errors.notAllowed' } }]);
  });
});
