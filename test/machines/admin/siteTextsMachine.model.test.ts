import { createActor } from 'xstate';
import type { AdminConnection } from '../../../machines/admin/adminRequests';
import { siteTextsMachine } from '../../../machines/admin/siteTextsMachine';
import { fakeConnection } from '../router/support/sessionFakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const replied = (ticket: string, b: unknown) => ({ type: 'connection.replied', ticket, o: 'x', frame: { o: 'x', b } });
const failed = (ticket: string) => ({
  type: 'connection.failed',
  ticket,
  o: 'x',
  failure: { kind: 'server', userMessage: 'validationFailed', fields: { message: 'errors.invalidMessage' } },
});
const input = () => ({ connection: createActor(fakeConnection).start() as unknown as AdminConnection, alerts: null });

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
      // Generation 1 is the first load; the serialized state ignores later generations.
      replied('siteTexts.load:1', { 'app.subtitle': 'Ours' }),
      failed('siteTexts.load:1'),
      replied('siteTexts.save', { lang: 'en', key: 'app.subtitle', message: 'Ours' }),
      failed('siteTexts.save'),
      replied('other', {}),
    ],
    serializeState: (snapshot) => {
      const context = snapshot.context as { generation: number; saveError: unknown; lang: string };
      return JSON.stringify([snapshot.value, context.generation === 1, context.saveError !== null, context.lang]);
    },
  });
  expectFullCoverage(report, 4);
});
