import { selectItem, selectRawSaveActor } from '../../../machines/item/itemMachine';
import { selectRawError, selectRawFields, selectRawStatus } from '../../../machines/item/itemRawSaveMachine';
import { buildItem, startItem, type StartedItem } from './support/startItem';
import { settled } from '../router/support/sessionFakes';

const reply = async (t: StartedItem, ...args: Parameters<StartedItem['reply']>) => {
  t.reply(...args);
  await settled();
};

describe('item raw edit', () => {
  it('sends the whole item with update and makes the answer the item, without the serverUpdated alert', async () => {
    const t = await startItem();
    const raw = () => selectRawSaveActor(t.snapshot()).getSnapshot();
    const edited = { ...buildItem(), name: 'Mary Raw' };
    t.subject.send({ type: 'item.rawSaved', item: edited });
    expect(t.sent().at(-1)).toEqual({ o: 'update', b: edited });
    expect(selectRawStatus(raw())).toBe('SAVING');
    await reply(t, buildItem({ _u: 4, name: 'Mary Raw' }));
    expect(selectRawStatus(raw())).toBe('SAVED');
    expect(selectItem(t.snapshot())?.name).toBe('Mary Raw');
    t.push(buildItem({ _u: 4, name: 'Mary Raw' }));
    expect(t.alerts).toEqual([]);
  });

  it('keeps a refusal with its field errors for the dialog, and forgets it when the dialog opens again', async () => {
    const t = await startItem();
    const raw = () => selectRawSaveActor(t.snapshot()).getSnapshot();
    t.subject.send({ type: 'item.rawSaved', item: buildItem({ _u: 2 }) });
    await reply(t, { userMessage: 'staleUpdate', sysMessage: 'Contact-1 is at _u 3' }, { erred: true });
    expect(selectRawStatus(raw())).toBe('IDLE');
    expect(selectRawError(raw())).toEqual({ userMessage: 'staleUpdate', sysMessage: 'Contact-1 is at _u 3' });
    t.subject.send({ type: 'item.rawSaved', item: buildItem({ name: '' }) });
    expect(selectRawError(raw())).toBeNull();
    await reply(t, { userMessage: 'validationFailed', fields: { name: 'errors.required' } }, { erred: true });
    expect(selectRawFields(raw())).toEqual({ name: 'errors.required' });
    t.subject.send({ type: 'item.rawEditOpened' });
    expect(selectRawError(raw())).toBeNull();
    expect(selectRawFields(raw())).toBeNull();
    expect(selectItem(t.snapshot())?._u).toBe(3);
  });

  it('takes an answer that is not an item as an empty response', async () => {
    const t = await startItem();
    const raw = () => selectRawSaveActor(t.snapshot()).getSnapshot();
    t.subject.send({ type: 'item.rawSaved', item: buildItem() });
    await reply(t, null);
    expect(selectRawError(raw())).toEqual({ userMessage: 'errors.emptyResponse' });
    expect(selectItem(t.snapshot())?._u).toBe(3);
  });
});
