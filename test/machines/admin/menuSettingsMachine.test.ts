import {
  menuSettingsMachine,
  selectMenuDirty,
  selectMenuDraft,
  selectMenuSaveError,
  selectMenuSettingsError,
  selectMenuSettingsStatus,
} from '../../../machines/admin/menuSettingsMachine';
import { startAdmin } from './support';

const start = () => startAdmin(menuSettingsMachine, undefined);
const MAIN = ['home', 'search', 'notifications'];

test('reads the setting when started and shows it as the draft', async () => {
  const t = start();
  expect(t.sent()).toEqual([{ o: 'act/menuSettings' }]);
  expect(selectMenuSettingsStatus(t.subject.getSnapshot())).toBe('LOADING');
  await t.reply({ hidden: ['search'], order: { '': ['search', 'home'] } });
  const s = t.subject.getSnapshot();
  expect(selectMenuSettingsStatus(s)).toBe('READY');
  expect(selectMenuDraft(s)).toEqual({ hidden: ['search'], order: { '': ['search', 'home'] } });
  expect(selectMenuDirty(s)).toBe(false);
});

test('hides and shows entries, never an admin entry, and moves entries among their siblings', async () => {
  const t = start();
  await t.reply({ hidden: [], order: {} });
  t.subject.send({ type: 'menuSettings.hiddenToggled', path: 'search' });
  t.subject.send({ type: 'menuSettings.hiddenToggled', path: 'admin.menu-items' });
  expect(selectMenuDraft(t.subject.getSnapshot()).hidden).toEqual(['search']);
  expect(selectMenuDirty(t.subject.getSnapshot())).toBe(true);
  t.subject.send({ type: 'menuSettings.moved', parent: '', siblings: MAIN, path: 'notifications', by: -1 });
  expect(selectMenuDraft(t.subject.getSnapshot()).order).toEqual({ '': ['home', 'notifications', 'search'] });
  // At either end nothing moves.
  t.subject.send({ type: 'menuSettings.moved', parent: '', siblings: MAIN, path: 'home', by: -1 });
  t.subject.send({ type: 'menuSettings.moved', parent: '', siblings: MAIN, path: 'notifications', by: 1 });
  expect(selectMenuDraft(t.subject.getSnapshot()).order).toEqual({ '': ['home', 'notifications', 'search'] });
  t.subject.send({ type: 'menuSettings.hiddenToggled', path: 'search' });
  expect(selectMenuDraft(t.subject.getSnapshot()).hidden).toEqual([]);
});

test('an order moved back to the registered one is dropped, so nothing is left to save', async () => {
  const t = start();
  await t.reply({ hidden: [], order: { admin: ['admin.state'] } });
  t.subject.send({ type: 'menuSettings.moved', parent: '', siblings: MAIN, registered: MAIN, path: 'home', by: 1 });
  expect(selectMenuDraft(t.subject.getSnapshot()).order).toEqual({ admin: ['admin.state'], '': ['search', 'home', 'notifications'] });
  t.subject.send({
    type: 'menuSettings.moved',
    parent: '',
    siblings: ['search', 'home', 'notifications'],
    registered: MAIN,
    path: 'home',
    by: -1,
  });
  expect(selectMenuDraft(t.subject.getSnapshot()).order).toEqual({ admin: ['admin.state'] });
  expect(selectMenuDirty(t.subject.getSnapshot())).toBe(false);
});

test("another administrator's pushed setting replaces the shown one, or only the saved one under unsaved changes", async () => {
  const t = start();
  t.subject.send({ type: 'menuSettings.pushed', settings: { hidden: ['x'], order: {} } });
  await t.reply({ hidden: [], order: {} });
  expect(selectMenuDraft(t.subject.getSnapshot())).toEqual({ hidden: [], order: {} }); // not while loading
  t.subject.send({ type: 'menuSettings.pushed', settings: { hidden: ['home'], order: {} } });
  expect(selectMenuDraft(t.subject.getSnapshot())).toEqual({ hidden: ['home'], order: {} });
  expect(selectMenuDirty(t.subject.getSnapshot())).toBe(false);
  t.subject.send({ type: 'menuSettings.hiddenToggled', path: 'search' });
  t.subject.send({ type: 'menuSettings.pushed', settings: { hidden: [], order: {} } });
  expect(selectMenuDraft(t.subject.getSnapshot())).toEqual({ hidden: ['home', 'search'], order: {} });
  t.subject.send({ type: 'menuSettings.discarded' });
  expect(selectMenuDraft(t.subject.getSnapshot())).toEqual({ hidden: [], order: {} });
});

test('discard puts the saved setting back', async () => {
  const t = start();
  await t.reply({ hidden: ['home'], order: {} });
  t.subject.send({ type: 'menuSettings.hiddenToggled', path: 'search' });
  t.subject.send({ type: 'menuSettings.discarded' });
  expect(selectMenuDraft(t.subject.getSnapshot())).toEqual({ hidden: ['home'], order: {} });
  expect(selectMenuDirty(t.subject.getSnapshot())).toBe(false);
});

test('saves the draft whole, says applied, and takes the stored setting as saved', async () => {
  const t = start();
  await t.reply({ hidden: [], order: {} });
  t.subject.send({ type: 'menuSettings.saved' });
  expect(t.sent()).toHaveLength(1); // nothing to save yet
  t.subject.send({ type: 'menuSettings.hiddenToggled', path: 'search' });
  t.subject.send({ type: 'menuSettings.hiddenToggled', path: 'home' });
  t.subject.send({ type: 'menuSettings.saved' });
  expect(t.sent()[1]).toEqual({ o: 'act/setMenuSettings', b: { hidden: ['home', 'search'], order: {} } });
  expect(selectMenuSettingsStatus(t.subject.getSnapshot())).toBe('SAVING');
  // Changes wait while saving.
  t.subject.send({ type: 'menuSettings.hiddenToggled', path: 'notifications' });
  await t.reply({ hidden: ['home', 'search'], order: {} });
  const s = t.subject.getSnapshot();
  expect(selectMenuSettingsStatus(s)).toBe('READY');
  expect(selectMenuDirty(s)).toBe(false);
  expect(selectMenuDraft(s).hidden).toEqual(['home', 'search']);
  expect(t.alerts).toEqual([{ type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } }]);
});

test('a refused save keeps the draft and names the problem; the next change clears it', async () => {
  const t = start();
  await t.reply({ hidden: [], order: {} });
  t.subject.send({ type: 'menuSettings.hiddenToggled', path: 'gone' });
  t.subject.send({ type: 'menuSettings.saved' });
  await t.reply({ userMessage: 'validationFailed', fields: { hidden: 'errors.menu.unknownEntry' } }, { erred: true });
  const s = t.subject.getSnapshot();
  expect(selectMenuSaveError(s)).toMatchObject({ userMessage: 'validationFailed', fields: { hidden: 'errors.menu.unknownEntry' } });
  expect(selectMenuDraft(s).hidden).toEqual(['gone']);
  expect(selectMenuDirty(s)).toBe(true);
  t.subject.send({ type: 'menuSettings.hiddenToggled', path: 'gone' });
  expect(selectMenuSaveError(t.subject.getSnapshot())).toBeNull();
  expect(t.alerts).toEqual([]);
});

test('a refused read shows the refusal and can be asked again', async () => {
  const t = start();
  await t.reply({ userMessage: 'unknownOperation' }, { erred: true });
  expect(selectMenuSettingsStatus(t.subject.getSnapshot())).toBe('FAILED');
  expect(selectMenuSettingsError(t.subject.getSnapshot())).toMatchObject({ userMessage: 'unknownOperation' });
  t.subject.send({ type: 'menuSettings.reloaded' });
  expect(t.sent()).toHaveLength(2);
  await t.reply({ hidden: ['search'], order: {} });
  expect(selectMenuSettingsStatus(t.subject.getSnapshot())).toBe('READY');
});
