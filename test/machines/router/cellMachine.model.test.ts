import type { AnyMachineSnapshot } from 'xstate';
import { cellMachine, type CellContext, type CellGate } from '../../../machines/router/cellMachine';
import { parseLocation } from '../../../machines/router/parseLocation';
import { CORE_VIEWS } from '../../../machines/router/views';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';
import { resourceMachine } from '../../../machines/session/resourceMachine';

const SPEC = parseLocation('/i-Contact-4', '', CORE_VIEWS).cells[0]!;
// Stands in for the session's connection that a view's actor is given.
const GATE: CellGate = { validate: () => true, save: () => Promise.resolve(), reset: () => undefined };

// The gate's presence decides the save guard; width, title and times are left out so the graph stays small.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context = snapshot.context as CellContext;
  return [JSON.stringify(snapshot.value), context.gate ? 'gate' : 'no-gate', context.error ? 'error' : 'fine'].join('|');
};

describe('cellMachine model (gates and dirty state)', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'cell',
      machine: cellMachine,
      variants: [{ name: 'default', input: () => ({ spec: SPEC, width: 'HALF' as const }) }],
      events: [
        { type: 'cell.gateRegistered', gate: GATE },
        { type: 'cell.gateRemoved' },
        { type: 'cell.edited' },
        { type: 'cell.saveRequested' },
        { type: 'cell.discardRequested' },
        { type: 'cell.closeRequested' },
        { type: 'cell.paramChanged', routeParam: '2-4' },
        { type: 'cell.described', title: 'Mary Thomas' },
        { type: 'cell.widthSet', width: 'THIRD' },
        { type: 'cell.expandToggled' },
        { type: 'cell.resultsRequested', settings: { searchString: 'thomas' } },
        { type: 'cell.viewActorRequested', id: 'state', logic: resourceMachine, input: { load: { o: 'act/serverState' } } },
        { type: 'xstate.done.actor.closeValidation', output: true },
        { type: 'xstate.done.actor.closeValidation', output: false },
        { type: 'xstate.error.actor.closeValidation', error: new Error('boom') },
        { type: 'xstate.done.actor.saveValidation', output: true },
        { type: 'xstate.done.actor.saveValidation', output: false },
        { type: 'xstate.error.actor.saveValidation', error: new Error('boom') },
        { type: 'xstate.done.actor.saveWrite', output: undefined },
        { type: 'xstate.error.actor.saveWrite', error: new Error('errors.staleUpdate') },
      ],
      serializeState,
    });
    expectFullCoverage(report, 7);
  });
});
