import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { itemFormMachine, type ItemFormContext } from '../../../machines/item/itemFormMachine';
import type { OperationCall } from '../../../src/shared/protocol/operationCall';
import type { Item } from '../../../src/shared/items/types';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

const ITEM = {
  $id: 'Contact-3',
  _t: 'Contact',
  _i: 3,
  _u: 2,
  _c: { ts: '2024-05-01T10:00:00Z', by: null },
  $access: 'PROTECTED',
  $labels: {},
  lastName: 'Thomas',
} as Item;

// Alone, the form has no cell to tell: the two messages to its parent are left out. The save's answers
// are the events below, so the request actor itself never settles.
const machine = itemFormMachine.provide({
  actions: { registerGate: () => undefined, tellEdited: () => undefined },
  actors: { operation: fromPromise<unknown, OperationCall>(() => new Promise(() => undefined)) },
});

// What the guards read and the screen shows; counters (shakes, saves) are left out so the graph stays finite.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as ItemFormContext;
  return [
    JSON.stringify(snapshot.value),
    c.edited ? 'edited' : 'clean',
    c.submitted ? 'submitted' : '',
    c.touched.join(','),
    JSON.stringify(c.draft),
    Object.keys(c.ruleErrors).join(','),
    Object.keys(c.serverErrors).join(','),
    c.formError ?? '',
    c.base ? `u${c.base._u}` : '',
  ].join('|');
};

// The answers of the save actor invoked in SAVING, as the invoke delivers them.
const saved = (output: unknown) => ({ type: 'xstate.done.actor.save', actorId: 'save', output });
const refused = (error: unknown) => ({ type: 'xstate.error.actor.save', actorId: 'save', error });

describe('itemFormMachine model (load, edit, save, shake)', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'itemForm',
      machine,
      variants: [
        { name: 'edit', input: () => ({ itemId: 'Contact-3', item: null }) },
        { name: 'create', input: () => ({ itemId: 'Contact-0', item: null }) },
      ],
      events: [
        { type: 'form.itemRead', item: ITEM },
        { type: 'form.changed', name: 'lastName', value: '' },
        { type: 'form.changed', name: 'lastName', value: 'Tomas' },
        { type: 'form.blurred', name: 'lastName' },
        { type: 'form.validateRequested' },
        { type: 'form.saveRequested' },
        { type: 'form.resetRequested' },
        { type: 'form.cellSaved' },
        saved({ ...ITEM, _u: 3 }),
        saved(null),
        refused({ kind: 'server', userMessage: 'staleUpdate' }),
        refused({ kind: 'server', userMessage: 'validationFailed', fields: { lastName: 'errors.maxLength' } }),
        delayed('shakeDuration', 'itemForm.shake.SHAKING'),
        { type: 'xstate.done.actor.prefillLabels', output: { labels: {} } },
        { type: 'xstate.error.actor.prefillLabels', error: { kind: 'server', userMessage: 'generalFailure' } },
      ],
      serializeState,
    });
    expectFullCoverage(report, 8);
  });
});
