import { menuSettingsMachine } from '../../../machines/admin/menuSettingsMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, actorId, output });
const failed = (actorId: string) => ({
  type: `xstate.error.actor.${actorId}`,
  actorId,
  error: { kind: 'server', userMessage: 'validationFailed', fields: { hidden: 'errors.menu.unknownEntry' } },
});

test('model: every state and transition of the menu settings actor', () => {
  const report = exploreModel({
    name: 'menuSettingsMachine',
    machine: menuSettingsMachine,
    variants: [{ name: 'nothing set', input: () => undefined }],
    events: [
      { type: 'menuSettings.hiddenToggled', path: 'search' },
      { type: 'menuSettings.hiddenToggled', path: 'admin.state' },
      { type: 'menuSettings.moved', parent: '', siblings: ['home', 'search'], path: 'search', by: -1 },
      { type: 'menuSettings.moved', parent: '', siblings: ['search', 'home'], registered: ['home', 'search'], path: 'search', by: 1 },
      { type: 'menuSettings.discarded' },
      { type: 'menuSettings.pushed', settings: { hidden: ['home'], order: {} } },
      { type: 'menuSettings.saved' },
      { type: 'menuSettings.reloaded' },
      done('load', { hidden: [], order: {} }),
      failed('load'),
      done('save', { hidden: ['search'], order: {} }),
      failed('save'),
    ],
    serializeState: (snapshot) => {
      const { draft, saved, saveError, error } = snapshot.context as { draft: unknown; saved: unknown; saveError: unknown; error: unknown };
      return JSON.stringify([snapshot.value, draft, saved, saveError !== null, error !== null]);
    },
  });
  expectFullCoverage(report, 4);
});
