/** Model-based test of the step wizard: every state and transition, over the example journal's three steps. */
import type { AnyMachineSnapshot } from 'xstate';
import { wizardMachine, type WizardContext } from '../../../machines/wizard/wizardMachine';
import { memoryWizardStore, wizardEntry, wizardStoreKey } from '../../../machines/wizard/wizardStore';
import type * as ModelRegistry from '../../../src/modules';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';
import { journalModule } from '../../support/exampleModule/model';

jest.mock('../../../src/modules', () =>
  jest.requireActual<{ modelsWithJournal: () => typeof ModelRegistry }>('../../support/exampleModule/withJournal').modelsWithJournal(),
);

const JOURNAL_WIZARD = journalModule.wizards![0]!;
const valid = { title: 'Geese on the river', date: '2026-03-02' };

// What the guards read: the state, the position, the draft and whether it is edited.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as WizardContext;
  return `${JSON.stringify(snapshot.value)}|${c.current}-${c.furthest}|${c.edited}|${JSON.stringify(c.draft)}`;
};

const input = (itemId: string, kept: boolean) => () => {
  const store = memoryWizardStore();
  if (kept) store.write(wizardStoreKey('User-1', itemId), wizardEntry(valid));
  return {
    def: JOURNAL_WIZARD,
    itemId,
    cellKey: `i-${itemId}`,
    cellIndex: 1,
    routeParam: undefined,
    form: null,
    cell: null,
    store,
    userId: 'User-1',
    admin: false,
  };
};

describe('wizardMachine model', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'wizard',
      machine: wizardMachine,
      variants: [
        { name: 'new entry', input: input('JournalEntry-0', false) },
        { name: 'draft taken up again, with unsaved values kept', input: input('JournalEntry-5', true) },
      ],
      events: [
        { type: 'wizard.formSeen', draft: {}, ready: false, edited: false },
        { type: 'wizard.formSeen', draft: {}, ready: true, edited: false },
        { type: 'wizard.formSeen', draft: valid, ready: true, edited: true },
        { type: 'wizard.formSeen', draft: valid, ready: true, edited: false },
        { type: 'wizard.nextRequested' },
        { type: 'wizard.backRequested' },
        { type: 'wizard.stepChosen', step: 1 },
        { type: 'wizard.stepChosen', step: 3 },
        { type: 'wizard.routed', param: '2-3' },
        { type: 'wizard.draftRequested' },
        { type: 'wizard.finishRequested' },
        { type: 'wizard.cellSettled', saved: true },
        { type: 'wizard.cellSettled', saved: false },
      ],
      serializeState,
    });
    expectFullCoverage(report, 5);
  });
});
