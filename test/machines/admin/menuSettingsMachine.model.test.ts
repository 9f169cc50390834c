import { createActor } from 'xstate';
import type { AdminConnection } from '../../../machines/admin/adminRequests';
import { menuSettingsMachine } from '../../../machines/admin/menuSettingsMachine';
import { fakeConnection } from '../router/support/sessionFakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const replied = (ticket: string, b: unknown) => ({ type: 'connection.replied', ticket, o: 'x', frame: { o: 'x', b } });
const failed = (ticket: string) => ({
  type: 'connection.failed',
  ticket,
  o: 'x',
  failure: { kind: 'server', userMessage: 'validationFailed', fields: { hidden: 'errors.menu.unknownEntry' } },
});
const input = () => ({ connection: createActor(fakeConnection).start() as unknown as AdminConnection, alerts: null });

test('model: every state and transition of the menu settings actor', () => {
  const report = exploreModel({
    name: 'menuSettingsMachine',
    machine: menuSettingsMachine,
    variants: [{ name: 'nothing set', input }],
    events: [
      { type: 'menuSettings.hiddenToggled', path: 'search' },
      { type: 'menuSettings.hiddenToggled', path: 'admin.state' },
      { type: 'menuSettings.moved', parent: '', siblings: ['home', 'search'], path: 'search', by: -1 },
      { type: 'menuSettings.moved', parent: '', siblings: ['search', 'home'], registered: ['home', 'search'], path: 'search', by: 1 },
      { type: 'menuSettings.discarded' },
      { type: 'menuSettings.pushed', settings: { hidden: ['home'], order: {} } },
      { type: 'menuSettings.saved' },
      { type: 'menuSettings.reloaded' },
      replied('menuSettings:load', { hidden: [], order: {} }),
      failed('menuSettings:load'),
      replied('menuSettings:save', { hidden: ['search'], order: {} }),
      failed('menuSettings:save'),
      replied('other', {}),
    ],
    serializeState: (snapshot) => {
      const { draft, saved, saveError, error } = snapshot.context as { draft: unknown; saved: unknown; saveError: unknown; error: unknown };
      return JSON.stringify([snapshot.value, draft, saved, saveError !== null, error !== null]);
    },
  });
  expectFullCoverage(report, 4);
});
