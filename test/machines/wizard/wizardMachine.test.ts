/** The wizard actor with a recording router and form: what it writes to the route, to the form and to the store. */
import { assign, createActor, createMachine, setup, type AnyActorRef } from 'xstate';
import { SystemId } from '../../../machines/systemIds';
import { wizardMachine, type WizardInput } from '../../../machines/wizard/wizardMachine';
import { memoryWizardStore, wizardEntry, wizardStoreKey } from '../../../machines/wizard/wizardStore';
import type * as ModelRegistry from '../../../src/modules';
import type { ItemData } from '../../../src/shared/items/types';
import { journalModule } from '../../support/exampleModule/model';

jest.mock('../../../src/modules', () =>
  jest.requireActual<{ modelsWithJournal: () => typeof ModelRegistry }>('../../support/exampleModule/withJournal').modelsWithJournal(),
);

const def = journalModule.wizards![0]!;
const valid = { title: 'Geese', date: '2026-03-02' };

// Records every event it is sent; as a form, it holds an empty draft, never edited.
const recorder = createMachine({
  types: {} as { context: { got: Array<{ type: string } & Record<string, unknown>>; draft: object; edited: boolean } },
  context: { got: [], draft: {}, edited: false },
  on: { '*': { actions: assign(({ context, event }) => ({ got: [...context.got, event] })) } },
});

function start(input: Partial<WizardInput> = {}, kept?: ItemData) {
  const store = memoryWizardStore();
  if (kept) store.write(wizardStoreKey('User-1', 'JournalEntry-0'), wizardEntry(kept));
  // The wizard finds the router through its system: all three run under one root.
  const root = setup({ actors: { recorder, wizard: wizardMachine } }).createMachine({
    context: {} as { router?: AnyActorRef; form?: AnyActorRef; wizard?: AnyActorRef },
    entry: assign(({ spawn }) => {
      const router = spawn('recorder', { id: 'router', systemId: SystemId.router });
      const form = spawn('recorder', { id: 'form' });
      const wizard = spawn('wizard', {
        id: 'wizard',
        input: {
          def,
          itemId: 'JournalEntry-0',
          cellKey: 'i-JournalEntry-0',
          cellIndex: 0,
          routeParam: undefined,
          form,
          cell: null,
          store,
          userId: 'User-1',
          admin: false,
          ...input,
        },
      });
      return { router, form, wizard };
    }),
  });
  const { router, form, wizard } = createActor(root).start().getSnapshot().context as Required<{
    router: AnyActorRef;
    form: AnyActorRef;
    wizard: AnyActorRef;
  }>;
  return { router, form, store, wizard };
}

const routed = (router: AnyActorRef) =>
  (router.getSnapshot() as { context: { got: Array<{ type: string; param?: unknown }> } }).context.got
    .filter((e) => e.type === 'router.paramSet')
    .map((e) => e.param);
const formEvents = (form: AnyActorRef) => (form.getSnapshot() as { context: { got: Array<{ type: string }> } }).context.got;

describe('wizardMachine', () => {
  it('writes each move to the route and passes a step only when it is valid', () => {
    const { wizard, router } = start();
    wizard.send({ type: 'wizard.formSeen', draft: {}, ready: true, edited: false });
    wizard.send({ type: 'wizard.nextRequested' });
    expect(wizard.getSnapshot().context.errors).toEqual({ title: 'errors.required', date: 'errors.required' });
    wizard.send({ type: 'wizard.formSeen', draft: { title: 'Geese' }, ready: true, edited: true });
    // The errors follow the draft: the fixed field's goes.
    expect(wizard.getSnapshot().context.errors).toEqual({ date: 'errors.required' });
    wizard.send({ type: 'wizard.formSeen', draft: valid, ready: true, edited: true });
    wizard.send({ type: 'wizard.nextRequested' });
    wizard.send({ type: 'wizard.backRequested' });
    wizard.send({ type: 'wizard.stepChosen', step: 2 });
    expect(routed(router)).toEqual(['1', '2', '1-2', '2']);
  });

  it('gives the form back what a reload finds, and keeps or forgets the entry as the form is edited or saved', () => {
    const { wizard, form, store } = start({ routeParam: '2' }, { ...valid, notes: 'Forty' });
    const key = wizardStoreKey('User-1', 'JournalEntry-0');
    wizard.send({ type: 'wizard.formSeen', draft: {}, ready: true, edited: false });
    expect(formEvents(form).map((e) => e)).toEqual([
      { type: 'form.changed', name: 'title', value: 'Geese' },
      { type: 'form.changed', name: 'date', value: '2026-03-02' },
      { type: 'form.changed', name: 'notes', value: 'Forty' },
    ]);
    expect(wizard.getSnapshot().context.current).toBe(2);
    wizard.send({ type: 'wizard.formSeen', draft: { ...valid, notes: 'Fifty' }, ready: true, edited: true });
    expect(store.read(key)).toBe(wizardEntry({ ...valid, notes: 'Fifty' }));
    wizard.send({ type: 'wizard.formSeen', draft: { ...valid, notes: 'Fifty' }, ready: true, edited: false });
    expect(store.read(key)).toBeNull();
  });
});
