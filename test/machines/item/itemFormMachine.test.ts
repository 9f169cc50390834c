import { assign, createActor, createMachine, setup, spawnChild, stopChild, type ActorRefFrom } from 'xstate';
import type { Item } from '../../../src/shared/items/types';
import { cellMachine, selectDirtyState, selectSavedAt } from '../../../machines/router/cellMachine';
import { parseLocation } from '../../../machines/router/parseLocation';
import { CORE_VIEWS } from '../../../machines/router/views';
import { selectItem, type ItemActorRef } from '../../../machines/item/itemMachine';
import {
  itemFormMachine,
  selectDraft,
  selectFormError,
  selectFormErrors,
  selectShaking,
  selectShakes,
  type ItemFormActorRef,
} from '../../../machines/item/itemFormMachine';
import { dataOf } from '../../../machines/item/itemFormData';
import { SystemId } from '../../../machines/systemIds';
import { fakeConnection, settled, startInSession } from '../router/support/sessionFakes';
import type * as TestItemTypes from '../../support/testItemTypes';

// The number rules are tested on a test-only type (Measure): no product type has a number people edit.
jest.mock('../../../src/shared/itemTypes', () =>
  jest.requireActual<typeof TestItemTypes>('../../support/testItemTypes').itemTypesWithTestTypes(),
);

function buildItem(overrides: Partial<Item> = {}): Item {
  return {
    $id: 'Contact-3',
    _t: 'Contact',
    _i: 3,
    _u: 2,
    _c: { ts: '2024-05-01T10:00:00Z', by: 'User-1' },
    $access: 'PROTECTED',
    $labels: {},
    firstName: 'Mary',
    lastName: 'Thomas',
    email: 'mary@example.org',
    ...overrides,
  } as Item;
}

// An item actor that reads Contact-3 when told and records the _u of each item a form says it saved.
const fakeItem = createMachine({
  types: {} as {
    context: { item: Item | null; saved: number[] };
    events: { type: 'fake.read' } | { type: 'item.saved'; item: Item };
  },
  context: { item: null, saved: [] },
  on: {
    'fake.read': { actions: assign({ item: buildItem() }) },
    'item.saved': { actions: assign(({ context, event }) => ({ saved: [...context.saved, event.item._u] })) },
  },
});

// A cell that keeps the connection and one form of that item, and stops the form when it closes.
const fakeCell = setup({
  types: {} as {
    input: ItemActorRef;
    context: { item: ItemActorRef };
    events: { type: 'test.closed' };
    children: { form: 'form'; connection: 'connection' };
  },
  actors: { form: itemFormMachine, connection: fakeConnection },
}).createMachine({
  context: ({ input }) => ({ item: input }),
  entry: [
    spawnChild('connection', { id: 'connection', systemId: SystemId.connection }),
    spawnChild('form', { id: 'form', input: ({ context }) => ({ itemId: 'Contact-3', item: context.item }) }),
  ],
  on: { 'test.closed': { actions: stopChild('form') } },
});

// A router that holds a location and records the links it is asked to follow.
const fakeRouter = (path: string) =>
  createMachine({
    types: {} as { events: { type: 'router.linkFollowed'; href: string; newTab: boolean } },
    context: { location: parseLocation(path, 'c0=x', CORE_VIEWS), cells: [], activeKey: null, followed: [] as string[] },
    on: { 'router.linkFollowed': { actions: assign(({ context, event }) => ({ followed: [...context.followed, event.href] })) } },
  });

function start(path: string) {
  const spec = parseLocation(path, '', CORE_VIEWS).cells.at(-1)!;
  const h = startInSession(cellMachine, {
    systemId: 'cell-under-test',
    input: { spec, now: () => 1_000 },
    signedIn: true,
    extra: { [SystemId.router]: fakeRouter(path) },
  });
  const form = h.subject.getSnapshot().context.form as ItemFormActorRef;
  return {
    ...h,
    form,
    cell: () => h.subject.getSnapshot(),
    ops: () => h.sent().map((frame) => frame.o),
    errors: () => selectFormErrors(form.getSnapshot()),
    change: (name: string, value: unknown) => form.send({ type: 'form.changed', name, value }),
    /** Answers the item actor's read (the first request) and lets its answer reach the form. */
    read: async (item: Item) => {
      h.reply(item, { index: 0 });
      await settled();
    },
    followed: () => (h.extra(SystemId.router) as ActorRefFrom<ReturnType<typeof fakeRouter>>).getSnapshot().context.followed,
  };
}

describe('itemFormMachine', () => {
  it('starts the edit form from the item it reads and registers the gate', async () => {
    const t = start('/i-Contact-3-edit');
    expect(t.ops()).toEqual(['read/Contact-3']);
    await t.read(buildItem());
    expect(selectDraft(t.form.getSnapshot())).toEqual({ firstName: 'Mary', lastName: 'Thomas', email: 'mary@example.org' });
    expect(t.cell().context.gate).not.toBeNull();
  });

  it('marks the cell edited on the first change, and sends only the changed properties with _u; a cleared one as null', async () => {
    const t = start('/i-Contact-3-edit');
    await t.read(buildItem());
    t.change('lastName', 'Tomas');
    t.change('firstName', '');
    expect(t.cell().value).toBe('EDITED');
    t.subject.send({ type: 'cell.saveRequested' });
    await settled();
    expect(selectDirtyState(t.cell())).toBe('SAVING');
    expect(t.sent().at(-1)).toEqual({ o: 'update', b: { $id: 'Contact-3', _u: 2, lastName: 'Tomas', firstName: null } });
    t.reply(buildItem({ _u: 3, lastName: 'Tomas', firstName: undefined }));
    await settled();
    expect(t.cell().value).toBe('CLEAN');
    expect(selectSavedAt(t.cell())).toBe(1_000);
    const item = t.cell().context.item!;
    expect(selectItem(item.getSnapshot())?.lastName).toBe('Tomas');
    expect(t.alerts).toContainEqual({ type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } });
  });

  it('refuses a save that breaks a rule, shows every error and shakes for one second', async () => {
    const t = start('/i-Contact-3-edit');
    await t.read(buildItem());
    t.change('lastName', '');
    t.change('email', 'not-mail');
    expect(t.errors()).toEqual({});
    t.subject.send({ type: 'cell.saveRequested' });
    await settled();
    expect(t.cell().value).toBe('EDITED');
    expect(t.errors()).toEqual({ lastName: 'errors.required', email: 'errors.invalidEmail' });
    expect(t.ops()).not.toContain('update');
    expect(selectShaking(t.form.getSnapshot())).toBe(true);
    expect(selectShakes(t.form.getSnapshot())).toBe(1);
    t.clock.increment(999);
    expect(selectShaking(t.form.getSnapshot())).toBe(true);
    t.clock.increment(1);
    expect(selectShaking(t.form.getSnapshot())).toBe(false);
    t.change('lastName', 'Ok');
    expect(t.errors()).toEqual({ email: 'errors.invalidEmail' });
  });

  it('shows a rule error of a touched field on blur, before any save', async () => {
    const t = start('/i-Contact-3-edit');
    await t.read(buildItem());
    t.change('mobilePhone', '12');
    expect(t.errors()).toEqual({});
    t.form.send({ type: 'form.blurred', name: 'mobilePhone' });
    expect(t.errors()).toEqual({ mobilePhone: 'errors.invalidPhone' });
  });

  it('reformats a 10- or 11-digit US phone number on blur, extension kept', async () => {
    const t = start('/i-Contact-3-edit');
    await t.read(buildItem());
    t.change('officePhone', '1-555-123-4567 x12');
    t.form.send({ type: 'form.blurred', name: 'officePhone' });
    t.change('otherPhone', '+44 20 7946 0958');
    t.form.send({ type: 'form.blurred', name: 'otherPhone' });
    expect(selectDraft(t.form.getSnapshot())).toMatchObject({ officePhone: '(555) 123-4567 ext: 12', otherPhone: '+44 20 7946 0958' });
  });

  it("shows the server's validationFailed fields and puts the cell in ERROR", async () => {
    const t = start('/i-Contact-3-edit');
    await t.read(buildItem());
    t.change('lastName', 'X');
    t.subject.send({ type: 'cell.saveRequested' });
    await settled();
    t.reply({ userMessage: 'validationFailed', fields: { lastName: 'errors.maxLength' } }, { erred: true });
    await settled();
    expect(selectDirtyState(t.cell())).toBe('ERROR');
    expect(t.cell().context.error).toBe('errors.validationFailed');
    expect(t.errors()).toEqual({ lastName: 'errors.maxLength' });
    expect(selectShaking(t.form.getSnapshot())).toBe(true);
    t.change('lastName', 'Y');
    expect(t.errors()).toEqual({});
  });

  it('keeps the draft on staleUpdate with errors.staleUpdate; discard starts again from the newest item', async () => {
    const t = start('/i-Contact-3-edit');
    await t.read(buildItem());
    t.change('lastName', 'Mine');
    t.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: buildItem({ _u: 3, lastName: 'Theirs' }) } });
    expect(selectDraft(t.form.getSnapshot()).lastName).toBe('Mine');
    t.subject.send({ type: 'cell.saveRequested' });
    await settled();
    expect(t.sent().at(-1)?.b).toEqual({ $id: 'Contact-3', _u: 2, lastName: 'Mine' });
    t.reply({ userMessage: 'staleUpdate' }, { erred: true });
    await settled();
    expect(selectFormError(t.form.getSnapshot())).toBe('errors.staleUpdate');
    expect(selectDraft(t.form.getSnapshot()).lastName).toBe('Mine');
    t.subject.send({ type: 'cell.discardRequested' });
    expect(t.cell().value).toBe('CLEAN');
    expect(selectDraft(t.form.getSnapshot()).lastName).toBe('Theirs');
    expect(selectFormError(t.form.getSnapshot())).toBeNull();
  });

  it('creates a new item and opens it in place of the create cell', async () => {
    const t = start('/i-Contact-0');
    expect(t.ops()).toEqual([]);
    t.change('lastName', 'New');
    t.change('officePhone', '555 123 4567');
    t.subject.send({ type: 'cell.saveRequested' });
    await settled();
    expect(t.sent().at(-1)).toEqual({ o: 'create/Contact', b: { lastName: 'New', officePhone: '555 123 4567' } });
    t.reply(buildItem({ $id: 'Contact-7', _i: 7, _u: 0, lastName: 'New' }));
    await settled();
    expect(t.cell().value).toBe('CLEAN');
    expect(t.followed()).toEqual(['/i-Contact-7?c0=x']);
  });

  it('takes an answer that is not an item as an empty response: the cell shows it and the draft stays for another save', async () => {
    const t = start('/i-Contact-3-edit');
    await t.read(buildItem());
    t.change('lastName', 'Tomas');
    t.subject.send({ type: 'cell.saveRequested' });
    await settled();
    t.reply(null);
    await settled();
    expect(selectDirtyState(t.cell())).toBe('ERROR');
    expect(t.cell().context.error).toBe('errors.emptyResponse');
    expect(selectDraft(t.form.getSnapshot()).lastName).toBe('Tomas');
    expect(selectItem(t.cell().context.item!.getSnapshot())?._u).toBe(2);
    t.subject.send({ type: 'cell.saveRequested' });
    await settled();
    expect(t.sent().at(-1)).toEqual({ o: 'update', b: { $id: 'Contact-3', _u: 2, lastName: 'Tomas' } });
    t.reply(buildItem({ _u: 3, lastName: 'Tomas' }));
    await settled();
    expect(t.cell().value).toBe('CLEAN');
  });

  it('hears no save answer once the form is gone: a form stopped while saving (its cell closed) tells its item nothing', async () => {
    const item = createActor(fakeItem).start();
    const cell = createActor(fakeCell, { input: item as unknown as ItemActorRef }).start();
    const form = cell.getSnapshot().children.form!;
    const connection = cell.getSnapshot().children.connection!;
    const reply = (b: unknown) => connection.send({ type: 'fake.reply', index: connection.getSnapshot().context.sent.length - 1, b });
    item.send({ type: 'fake.read' });
    form.send({ type: 'form.changed', name: 'lastName', value: 'Tomas' });
    form.send({ type: 'form.saveRequested' });
    reply(buildItem({ _u: 3, lastName: 'Tomas' }));
    await settled();
    expect(item.getSnapshot().context.saved).toEqual([3]);
    form.send({ type: 'form.changed', name: 'lastName', value: 'Tom' });
    form.send({ type: 'form.saveRequested' });
    expect(connection.getSnapshot().context.sent.at(-1)?.frame).toEqual({ o: 'update', b: { $id: 'Contact-3', _u: 3, lastName: 'Tom' } });
    cell.send({ type: 'test.closed' });
    reply(buildItem({ _u: 4, lastName: 'Tom' }));
    await settled();
    expect(item.getSnapshot().context.saved).toEqual([3]);
  });

  it('lets an untouched create form close, and refuses to close one that breaks a rule once edited', async () => {
    const t = start('/i-Contact-0');
    const gate = t.cell().context.gate!;
    expect(await gate.validate()).toBe(true);
    t.change('email', 'x');
    expect(await gate.validate()).toBe(false);
    expect(t.errors()).toEqual({ lastName: 'errors.required', email: 'errors.invalidEmail' });
  });

  it('turns a number typed as text into a number, and keeps a wrong one as text for its rule', async () => {
    const t = start('/i-Measure-0');
    t.change('title', 'Chairs');
    t.change('count', 'two');
    expect(await t.cell().context.gate!.validate()).toBe(false);
    expect(t.errors()).toEqual({ count: 'errors.number.float' });
    t.change('count', '0');
    expect(t.errors()).toEqual({ count: 'errors.number.natural' });
    t.change('count', '2');
    t.subject.send({ type: 'cell.saveRequested' });
    await settled();
    expect(t.sent().at(-1)).toEqual({ o: 'create/Measure', b: { title: 'Chairs', count: 2 } });
  });

  it('stores text typed for numbers and id lists in their own shapes, and drops empty values', () => {
    const type = {
      name: 'T',
      defaultIcon: '',
      defaultAccess: 'PRIVATE' as const,
      label: () => '',
      properties: {
        n: { kind: 'NUM' as const },
        ids: { kind: 'IDM' as const },
        s: { kind: 'textField' as const },
        e: { kind: 'IDM' as const },
      },
    };
    expect(dataOf(type, { n: '4.5', ids: 'A-1, B-2,', s: '', e: ' , ' })).toEqual({ n: 4.5, ids: ['A-1', 'B-2'] });
  });
});
