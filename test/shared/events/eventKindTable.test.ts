/** The event kind registry (docs/modules.md "Domain events"): one owner per kind, said in the error when not. */
import { CORE_EVENT_KINDS, CORE_EVENTS_OWNER } from '../../../src/shared/events/coreEventKinds';
import { eventKindTable } from '../../../src/shared/events/eventKindTable';
import { buildEventKinds } from '../../../src/shared/eventKinds';
import { isTransitionKind, readableKind, transitionKind } from '../../../src/shared/events/EventKindDef';

const core = { name: CORE_EVENTS_OWNER, eventKinds: CORE_EVENT_KINDS };

describe('eventKindTable', () => {
  it('keeps each kind with its description and the module that registered it', () => {
    const table = eventKindTable([
      core,
      { name: 'journal', eventKinds: [{ kind: 'journal.linked', description: 'events.journal.linked', uses: ['also'] }] },
    ]);
    expect(table.get('updated')).toEqual({ def: { kind: 'updated', description: 'events.updated' }, owner: 'core' });
    expect(table.get('journal.linked')?.owner).toBe('journal');
    expect(table.get('journal.linked')?.def.uses).toEqual(['also']);
    expect(table.has('journal.unknown')).toBe(false);
  });

  it('refuses a kind registered twice, naming both modules', () => {
    const mine = { name: 'journal', eventKinds: [{ kind: 'journal.linked', description: 'events.journal.linked' }] };
    const copy = { name: 'journal-copy', eventKinds: [{ kind: 'journal.linked', description: 'events.copy.linked' }] };
    expect(() => eventKindTable([core, mine, copy])).toThrow(
      'Event kind journal.linked is registered twice: by module journal and by module journal-copy',
    );
    // A module may not take over one of the core's kinds either.
    expect(() => eventKindTable([core, { name: 'orgs', eventKinds: [{ kind: 'created', description: 'x' }] }])).toThrow(
      'Event kind created is registered twice: by module core and by module orgs',
    );
  });

  it('refuses a kind without a name or a description key', () => {
    expect(() => eventKindTable([{ name: 'm', eventKinds: [{ kind: ' ', description: 'events.x' }] }])).toThrow(
      'Module m registers an event kind without a name',
    );
    expect(() => eventKindTable([{ name: 'm', eventKinds: [{ kind: 'm.x', description: '' }] }])).toThrow(
      'Event kind m.x of module m has no description key',
    );
  });

  it("holds the core's kinds in the product", () => {
    expect([...buildEventKinds().keys()]).toEqual(expect.arrayContaining(['created', 'updated', 'deleted', 'granted', 'revoked']));
  });

  it("names a transition's kind after its event", () => {
    expect(transitionKind('entry.submit')).toBe('state.entry.submit');
    expect(isTransitionKind('state.entry.submit')).toBe(true);
    expect(isTransitionKind('updated')).toBe(false);
  });

  it('makes a kind readable for the fallback texts and mail', () => {
    expect(readableKind('CKK1_STEP_ASSIGNED')).toBe('step assigned');
    expect(readableKind('state.entry.submit')).toBe('entry submit');
    expect(readableKind('journal.linked')).toBe('journal linked');
  });
});
