import {
  relPickerMachine,
  REL_TYPING_PAUSE_MS,
  selectRelError,
  selectRelStatus,
  type RelPickerChanged,
  type RelPickerInput,
} from '../../../machines/item/relPickerMachine';
import { createActor } from 'xstate';
import type { ConnectionActorRef } from '../../../machines/systemIds';
import { settled, startInSession } from '../router/support/sessionFakes';

function startPicker(overrides: Partial<RelPickerInput> = {}) {
  const h = startInSession(relPickerMachine, {
    systemId: 'relPicker-test',
    input: { name: 'contacts', relTypes: ['Contact'], multiple: true, selfId: null, value: [], labels: {}, ...overrides },
  });
  const changes: RelPickerChanged[] = [];
  h.subject.on('relPicker.changed', (event) => changes.push(event));
  const type = (text: string) => {
    h.subject.send({ type: 'relPicker.typed', text });
    h.clock.increment(REL_TYPING_PAUSE_MS);
  };
  return { ...h, changes, type, snap: () => h.subject.getSnapshot() };
}

describe('relPickerMachine', () => {
  test('searches the typed text among the property types after the typing pause, never offering the item itself', async () => {
    const h = startPicker({ name: 'owner', relTypes: ['Organization'], multiple: false, selfId: 'Organization-1' });
    h.subject.send({ type: 'relPicker.typed', text: 'Riv' });
    h.clock.increment(REL_TYPING_PAUSE_MS - 1);
    expect(h.sent()).toEqual([]);
    h.subject.send({ type: 'relPicker.typed', text: 'River' });
    h.clock.increment(REL_TYPING_PAUSE_MS - 1);
    expect(h.sent()).toEqual([]);
    h.clock.increment(1);
    expect(h.sent()).toEqual([
      { o: 'search/ids', b: { must: { q: 'River', _: ['Organization'] }, mustNot: { id: ['Organization-1'] }, max: 6, labels: true } },
    ]);
    expect(selectRelStatus(h.snap())).toBe('searching');
    h.reply({ ids: ['Organization-1', 'Organization-2'], labels: { 'Organization-1': 'Self', 'Organization-2': 'Riverbend' }, total: 2 });
    await settled();
    expect(h.snap().context.options).toEqual([{ id: 'Organization-2', label: 'Riverbend' }]);
  });

  test('under three characters asks to keep typing and does not search', () => {
    const h = startPicker({ relTypes: ['Organization'] });
    h.type('Ri');
    expect(selectRelStatus(h.snap())).toBe('keepTyping');
    expect(h.sent()).toEqual([]);
    h.type('');
    expect(selectRelStatus(h.snap())).toBeNull();
  });

  test('keyboard: arrows move the highlight round the options, Enter chooses, Escape closes', async () => {
    const h = startPicker({ relTypes: ['Organization'], name: 'otherOrgs' });
    h.type('Riv');
    h.reply({ ids: ['Organization-2', 'Organization-3'], labels: { 'Organization-2': 'Riverbend', 'Organization-3': 'Rivermouth' } });
    await settled();
    h.subject.send({ type: 'relPicker.keyPressed', key: 'ArrowUp' });
    expect(h.snap().context.highlighted).toBe(1);
    h.subject.send({ type: 'relPicker.keyPressed', key: 'ArrowDown' });
    expect(h.snap().context.highlighted).toBe(0);
    h.subject.send({ type: 'relPicker.keyPressed', key: 'Enter' });
    expect(h.snap().context.chosen).toEqual([{ id: 'Organization-2', label: 'Riverbend' }]);
    expect(h.changes).toEqual([
      { type: 'relPicker.changed', name: 'otherOrgs', value: [{ id: 'Organization-2' }], labels: { 'Organization-2': 'Riverbend' } },
    ]);
    expect(h.snap().context.text).toBe('');
    h.type('Riv');
    // Items already chosen are not searched for again.
    expect(h.sent()[1]!.b).toMatchObject({ mustNot: { id: ['Organization-2'] } });
    h.reply({ ids: ['Organization-3'], labels: { 'Organization-3': 'Rivermouth' } });
    await settled();
    h.subject.send({ type: 'relPicker.keyPressed', key: 'Escape' });
    expect(h.snap().matches('closed')).toBe(true);
    expect(h.snap().context.options).toEqual([]);
  });

  test('choosing by pointer replaces a single value; removing and Backspace on empty text take chips away', async () => {
    const h = startPicker({
      name: 'owner',
      relTypes: ['Organization'],
      multiple: false,
      value: { id: 'Organization-5' },
      labels: { 'Organization-5': 'Old' },
    });
    h.type('Coa');
    h.reply({ ids: ['Organization-7'], labels: { 'Organization-7': 'Coastal' } });
    await settled();
    h.subject.send({ type: 'relPicker.chosen', id: 'Organization-99' });
    expect(h.changes).toEqual([]);
    h.subject.send({ type: 'relPicker.chosen', id: 'Organization-7' });
    expect(h.changes.at(-1)!.value).toEqual({ id: 'Organization-7' });
    h.subject.send({ type: 'relPicker.keyPressed', key: 'Backspace' });
    expect(h.changes.at(-1)!.value).toBeNull();
  });

  test("contacts: none offered before an organisation is chosen (errors.chooseOrg), then only the organisation's, blocked users' left out", async () => {
    const h = startPicker({ orgRule: { role: 'contacts', org: null } });
    h.type('Mar');
    expect(selectRelError(h.snap())).toBe('errors.chooseOrg');
    expect(h.sent()).toEqual([]);
    h.subject.send({ type: 'relPicker.orgChanged', org: 'Organization-1' });
    expect(selectRelError(h.snap())).toBeNull();
    h.type('Mar');
    expect(h.sent()[0]!.b).toMatchObject({ must: { q: 'Mar', _: ['Contact'], 'ft-_related.id': ['Organization-1'] } });
    h.reply({ ids: ['Contact-1', 'Contact-2'], labels: { 'Contact-1': 'Mary', 'Contact-2': 'Mark' } });
    await settled();
    expect(h.sent()[1]).toEqual({ o: 'act/blockedContacts', b: { ids: ['Contact-1', 'Contact-2'] } });
    expect(selectRelStatus(h.snap())).toBe('searching');
    h.reply({ blocked: ['Contact-2'] });
    await settled();
    expect(h.snap().context.options).toEqual([{ id: 'Contact-1', label: 'Mary' }]);
  });

  test('a new organisation checks the chosen contacts: errors.notInOrg, errors.noOrg, errors.chooseOrg', async () => {
    const h = startPicker({
      value: [{ id: 'Contact-1' }],
      labels: { 'Contact-1': 'Mary' },
      orgRule: { role: 'contacts', org: 'Organization-1' },
    });
    h.subject.send({ type: 'relPicker.orgChanged', org: 'Organization-2' });
    expect(h.sent()).toEqual([{ o: 'readMany/object', b: ['Contact-1'] }]);
    h.reply({ 'Contact-1': { $id: 'Contact-1', _related: [{ id: 'Organization-1' }] } });
    await settled();
    expect(selectRelError(h.snap())).toBe('errors.notInOrg');
    h.subject.send({ type: 'relPicker.orgChanged', org: 'Organization-3' });
    h.reply({ 'Contact-1': { $id: 'Contact-1' } });
    await settled();
    expect(selectRelError(h.snap())).toBe('errors.noOrg');
    h.subject.send({ type: 'relPicker.orgChanged', org: null });
    expect(selectRelError(h.snap())).toBe('errors.chooseOrg');
    h.subject.send({ type: 'relPicker.orgChanged', org: 'Organization-1' });
    h.reply({ 'Contact-1': { $id: 'Contact-1', _related: [{ id: 'Organization-1' }] } });
    await settled();
    expect(selectRelError(h.snap())).toBeNull();
  });

  test('a required organisation removed shows errors.noOrg; a stale search reply is ignored; a failed search is reported', async () => {
    const h = startPicker({
      name: 'owner',
      relTypes: ['Organization'],
      multiple: false,
      value: { id: 'Organization-5' },
      labels: {},
      orgRule: { role: 'org', org: null },
    });
    h.subject.send({ type: 'relPicker.removed', id: 'Organization-5' });
    expect(selectRelError(h.snap())).toBe('errors.noOrg');
    h.type('Riv');
    h.type('Rivermouth');
    h.reply({ ids: ['Organization-2'], labels: {} }, { index: 0 });
    await settled();
    expect(selectRelStatus(h.snap())).toBe('searching');
    h.reply({ userMessage: 'generalFailure' }, { index: 1, erred: true });
    await settled();
    expect(selectRelError(h.snap())).toBe('errors.generalFailure');
    h.subject.send({ type: 'relPicker.valueSet', value: { id: 'Organization-9' }, labels: { 'Organization-9': 'Nine' } });
    expect(h.snap().context.chosen).toEqual([{ id: 'Organization-9', label: 'Nine' }]);
    expect(selectRelError(h.snap())).toBeNull();
  });

  test('a check of an earlier organisation is stopped, and a check that fails leaves the field as it was', async () => {
    const h = startPicker({
      value: [{ id: 'Contact-1' }],
      labels: { 'Contact-1': 'Mary' },
      orgRule: { role: 'contacts', org: 'Organization-1' },
    });
    h.subject.send({ type: 'relPicker.orgChanged', org: 'Organization-2' });
    h.subject.send({ type: 'relPicker.orgChanged', org: 'Organization-1' });
    expect(h.sent()).toHaveLength(2);
    h.reply({ 'Contact-1': { $id: 'Contact-1', _related: [{ id: 'Organization-1' }] } }, { index: 1 });
    await settled();
    expect(selectRelError(h.snap())).toBeNull();
    // The answer for Organization-2 would say notInOrg: it is never heard.
    h.reply({ 'Contact-1': { $id: 'Contact-1', _related: [{ id: 'Organization-1' }] } }, { index: 0 });
    await settled();
    expect(selectRelError(h.snap())).toBeNull();
    h.subject.send({ type: 'relPicker.orgChanged', org: 'Organization-3' });
    h.reply({ userMessage: 'generalFailure' }, { erred: true });
    await settled();
    expect(selectRelError(h.snap())).toBeNull();
    expect(h.snap().status).toBe('active');
  });

  test('a chooser started outside the session asks through the connection of its input', async () => {
    const h = startPicker();
    const outside = createActor(relPickerMachine, {
      input: {
        name: 'otherOrgs',
        relTypes: ['Organization'],
        multiple: true,
        selfId: null,
        value: [],
        labels: {},
        // The fake stands in for the real connection: only connection.send and its emitted replies are used.
        connection: h.connection as unknown as ConnectionActorRef,
      },
      clock: h.clock,
    }).start();
    outside.send({ type: 'relPicker.typed', text: 'Riv' });
    h.clock.increment(REL_TYPING_PAUSE_MS);
    expect(h.sent()).toEqual([{ o: 'search/ids', b: { must: { q: 'Riv', _: ['Organization'] }, max: 5, labels: true } }]);
    h.reply({ ids: ['Organization-2'], labels: { 'Organization-2': 'Riverbend' } });
    await settled();
    expect(outside.getSnapshot().context.options).toEqual([{ id: 'Organization-2', label: 'Riverbend' }]);
    outside.stop();
  });
});
