import { masqueradeMachine, Ticket } from '../../../machines/session/masqueradeMachine';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

const replied = (ticket: string, b: unknown) => ({ type: 'connection.replied', ticket, o: 'act', frame: { o: 'act', b } });
const failed = (ticket: string) => ({
  type: 'connection.failed',
  ticket,
  o: 'act',
  failure: { kind: 'server', userMessage: 'notAllowed' },
});

test('model: every state and transition of the masquerade actor', () => {
  const report = exploreModel({
    name: 'masqueradeMachine',
    machine: masqueradeMachine,
    variants: [{ name: 'no storage', input: () => ({ storage: null, reload: () => undefined }) }],
    events: [
      { type: 'masquerade.opened' },
      { type: 'masquerade.closed' },
      { type: 'masquerade.typed', text: 'bo' },
      { type: 'masquerade.typed', text: 'bob' },
      delayed('debounce', 'masquerade.PICKING.WAITING'),
      { type: 'masquerade.started', target: { id: 'User-2', label: 'Bob' } },
      { type: 'masquerade.stopRequested' },
      replied(Ticket.search('bob'), { ids: ['User-2'], labels: {} }),
      failed(Ticket.search('bob')),
      replied(Ticket.switch, { newToken: 'token' }),
      replied(Ticket.switch, {}),
      failed(Ticket.switch),
    ],
    serializeState: (snapshot) => {
      const c = snapshot.context as { query: string | null; target: unknown; text: string };
      return JSON.stringify([snapshot.value, c.query, c.target !== null, c.text.length >= 3]);
    },
  });
  expectFullCoverage(report, 7);
});
