import {
  adminItemsMachine,
  selectAdminIds,
  selectAdminItems,
  selectAdminItemsError,
  selectAdminItemsStatus,
  selectAdminLabels,
  selectAdminSaveError,
  selectAdminSavingKey,
} from '../../../machines/admin/adminItemsMachine';
import { callOf } from '../../../src/shared/protocol/operationCall';
import { operations } from '../../../src/shared/protocol/operations';
import { startAdmin } from './support';

const QUERY = { must: { _: 'SystemAlert' }, max: 100 };
const alert = (i: number, extra: Record<string, unknown> = {}) => ({
  $id: `SystemAlert-${i}`,
  _t: 'SystemAlert',
  _i: i,
  _u: 1,
  title: `Alert ${i}`,
  message: 'm',
  ...extra,
});

function start(readItems = true) {
  const t = startAdmin(adminItemsMachine, { query: QUERY, readItems });
  return { ...t, snap: () => t.subject.getSnapshot() };
}

describe('admin items actor', () => {
  it('searches, then reads the items whole in the order found', async () => {
    const t = start();
    expect(t.sent()).toEqual([{ o: 'search/ids', b: QUERY }]);
    await t.reply({ ids: ['SystemAlert-2', 'SystemAlert-1'], labels: { 'SystemAlert-2': 'Alert 2' } });
    expect(t.sent()[1]).toEqual({ o: 'readMany/object', b: ['SystemAlert-2', 'SystemAlert-1'] });
    expect(selectAdminItemsStatus(t.snap())).toBe('LOADING');
    await t.reply({ 'SystemAlert-1': alert(1), 'SystemAlert-2': alert(2) });
    expect(selectAdminItemsStatus(t.snap())).toBe('READY');
    expect(selectAdminItems(t.snap()).map((i) => i.$id)).toEqual(['SystemAlert-2', 'SystemAlert-1']);
    expect(selectAdminLabels(t.snap())).toEqual({ 'SystemAlert-2': 'Alert 2' });
  });

  it('reads nothing for an empty list or when ids and labels are enough', async () => {
    const empty = start();
    await empty.reply({ ids: [], labels: {} });
    expect(empty.sent()).toHaveLength(1);
    expect(selectAdminItemsStatus(empty.snap())).toBe('READY');
    const labelsOnly = start(false);
    await labelsOnly.reply({ ids: ['Organization-1'], labels: { 'Organization-1': 'Nation' } });
    expect(labelsOnly.sent()).toHaveLength(1);
    expect(selectAdminIds(labelsOnly.snap())).toEqual(['Organization-1']);
  });

  it('writes, says applied and asks the list again; a refusal stays with the write it answers until cleared', async () => {
    const t = start();
    await t.reply({ ids: [], labels: {} });
    const create = callOf(operations.create, { title: 'T', message: 'M', modal: true, active: true }, { type: 'SystemAlert' });
    t.subject.send({ type: 'adminItems.saved', key: 'new', call: create });
    expect(t.sent().at(-1)).toEqual({ o: 'create/SystemAlert', b: { title: 'T', message: 'M', modal: true, active: true } });
    expect(selectAdminItemsStatus(t.snap())).toBe('SAVING');
    expect(selectAdminSavingKey(t.snap())).toBe('new');
    await t.reply(alert(1));
    expect(t.alerts).toEqual([{ type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } }]);
    // The screen still knows which form the write came from while the list is asked again.
    expect(selectAdminSavingKey(t.snap())).toBe('new');
    expect(t.sent().at(-1)).toEqual({ o: 'search/ids', b: QUERY });
    await t.reply({ ids: ['SystemAlert-1'], labels: {} });
    await t.reply({ 'SystemAlert-1': alert(1) });

    t.subject.send({
      type: 'adminItems.saved',
      key: 'SystemAlert-1',
      call: callOf(operations.update, { $id: 'SystemAlert-1', _u: 1, title: '' }),
    });
    await t.reply({ userMessage: 'validationFailed', fields: { title: 'errors.required' } }, { erred: true });
    expect(selectAdminItemsStatus(t.snap())).toBe('READY');
    expect(selectAdminSaveError(t.snap())).toEqual({ userMessage: 'validationFailed', fields: { title: 'errors.required' } });
    expect(selectAdminSavingKey(t.snap())).toBe('SystemAlert-1');
    t.subject.send({ type: 'adminItems.errorCleared' });
    expect(selectAdminSaveError(t.snap())).toBeNull();
    expect(t.alerts).toHaveLength(1);
  });

  it('a failed list can be asked again; a new query ignores the answer to the old one', async () => {
    const t = start();
    await t.reply({ userMessage: 'notAllowed' }, { erred: true });
    expect(selectAdminItemsStatus(t.snap())).toBe('FAILED');
    expect(selectAdminItemsError(t.snap())).toMatchObject({ userMessage: 'notAllowed' });
    t.subject.send({ type: 'adminItems.reloaded' });
    t.subject.send({ type: 'adminItems.queryChanged', query: { must: { _: 'LOVValue' } } });
    await t.reply({ ids: ['SystemAlert-9'], labels: {} }, { index: 1 });
    expect(selectAdminItemsStatus(t.snap())).toBe('LOADING');
    await t.reply({ ids: [], labels: {} }, { index: 2 });
    expect(t.sent()[2]).toEqual({ o: 'search/ids', b: { must: { _: 'LOVValue' } } });
    expect(selectAdminItemsStatus(t.snap())).toBe('READY');
    expect(selectAdminIds(t.snap())).toEqual([]);
  });
});
