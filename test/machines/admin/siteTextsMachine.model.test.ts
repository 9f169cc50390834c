import { siteTextsMachine } from '../../../machines/admin/siteTextsMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, actorId, output });
const failed = (actorId: string) => ({
  type: `xstate.error.actor.${actorId}`,
  actorId,
  error: { kind: 'server', userMessage: 'validationFailed', fields: { message: 'errors.invalidMessage' } },
});
const input = () => ({});

test('model: every state and transition of the site texts actor', () => {
  const report = exploreModel({
    name: 'siteTextsMachine',
    machine: siteTextsMachine,
    variants: [{ name: 'English first', input }],
    events: [
      { type: 'siteTexts.langChosen', lang: 'fr' },
      { type: 'siteTexts.reloaded' },
      { type: 'siteTexts.saved', key: 'app.subtitle', message: 'Ours' },
      { type: 'siteTexts.saved', key: 'app.subtitle', message: null },
      { type: 'siteTexts.errorCleared' },
      done('load', { 'app.subtitle': 'Ours' }),
      failed('load'),
      done('save', { lang: 'en', key: 'app.subtitle', message: 'Ours' }),
      failed('save'),
    ],
    serializeState: (snapshot) => {
      const c = snapshot.context as { overrides: Record<string, string>; error: unknown; saveError: unknown; lang: string };
      return JSON.stringify([snapshot.value, c.overrides, c.error !== null, c.saveError !== null, c.lang]);
    },
  });
  expectFullCoverage(report, 4);
});
