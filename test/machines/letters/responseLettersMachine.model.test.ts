/** Model-based test of the Letters panel's actor: loads, saves, refusals, the type watch and live reloads. */
import type { AnyMachineSnapshot } from 'xstate';
import { responseLettersMachine, type ResponseLettersContext } from '../../../machines/letters/responseLettersMachine';
import { callOf } from '../../../src/shared/protocol/operationCall';
import { lettersOperations } from '../../../src/modules/letters/operations';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const LETTERS = { mayWrite: true, letters: [], templates: [], contacts: [] };
const mine = { $id: 'ResponseLetter-7', _t: 'ResponseLetter', _u: 3, response: { id: 'ConsultResponse-4' } };
const another = { ...mine, $id: 'ResponseLetter-9', response: { id: 'ConsultResponse-5' } };

// The state, and what the guards and the screen read: an answer, an error, a save under way, a live watch.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as ResponseLettersContext;
  return [
    JSON.stringify(snapshot.value),
    c.data ? 'data' : '-',
    c.error ? 'error' : '',
    c.saving ? 'saving' : '',
    c.watching ? 'live' : '',
  ].join('|');
};

test('model: every state and transition of the Letters panel', () => {
  const report = exploreModel({
    name: 'responseLettersMachine',
    machine: responseLettersMachine,
    variants: [
      {
        name: 'a response',
        input: () => ({
          responseId: 'ConsultResponse-4',
          load: callOf(lettersOperations.responseLetters, { responseId: 'ConsultResponse-4' }),
        }),
      },
    ],
    events: [
      { type: 'xstate.done.actor.load', output: LETTERS },
      { type: 'xstate.error.actor.load', error: { kind: 'server', userMessage: 'notAllowed' } },
      {
        type: 'letters.saveRequested',
        call: callOf(lettersOperations.letterMove, { letterId: 'ResponseLetter-7', _u: 2, event: 'letter.approve' }),
      },
      { type: 'xstate.done.actor.save', output: { letterId: 'ResponseLetter-7', state: 'APPROVED', u: 3 } },
      { type: 'xstate.error.actor.save', error: { kind: 'server', userMessage: 'transitionNotAllowed' } },
      { type: 'letters.reloadRequested' },
      { type: 'xstate.done.actor.watch.1', actorId: 'watch.1', output: { count: 1 } },
      { type: 'xstate.done.actor.watch.1', actorId: 'watch.1', output: null },
      { type: 'xstate.error.actor.watch.1', actorId: 'watch.1', error: { kind: 'server', userMessage: 'tooLarge' } },
      { type: 'session.pushed', frame: { o: 'item/update', b: mine } },
      { type: 'session.pushed', frame: { o: 'item/update', b: another } },
      { type: 'session.pushed', frame: { o: 'authed', b: { $id: 'User-1' } } },
      { type: 'session.cachesDropped' },
    ],
    serializeState,
  });
  expectFullCoverage(report, 3);
});
