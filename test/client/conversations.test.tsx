/**
 * The thread screen (issue 15) against a mock server speaking the real protocol: its messages with
 * their writers and times (DD-MMM-YYYY HH:mm), New on those not read and the thread marked read; a
 * message sent from the composer, and one pushed by another participant, appear without a reload; a
 * refusal's field message shown by the composer; the resolved toggle saved. And the conversations
 * view: the user's threads with their unread counts.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import type { ThreadMessage, ThreadSummary } from '../../src/modules/conversations/operations';
import { cleanUpApps, renderApp } from './support/renderApp';
import type { SeededItem } from './support/protocolServer';

afterEach(cleanUpApps);

const TS = '2026-05-02T14:05:00.000Z';
const shown = format(new Date(TS), 'dd-MMM-yyyy HH:mm');

const thread: SeededItem = {
  $id: 'Thread-1',
  _t: 'Thread',
  _i: 1,
  _u: 3,
  _c: { ts: TS, by: 'User-1' },
  $access: 'PROTECTED',
  $labels: {},
  subject: 'Fishing camp access',
  resolved: false,
};
const message = (n: number, extra: Partial<ThreadMessage> = {}): ThreadMessage => ({
  id: `Message-${n}`,
  author: 'Bea Stone',
  mine: false,
  body: `<p>Message number ${n}</p>`,
  files: [],
  ts: TS,
  unread: false,
  ...extra,
});

function renderThread(messages: ThreadMessage[][]) {
  const app = renderApp({ path: '/i-Thread-1', signedIn: true });
  app.server.seedItems(thread);
  let round = 0;
  app.server.handlers.set('act/conversationMessages', () => ({
    messages: messages[Math.min(round++, messages.length - 1)],
    participants: ['Ada Lovelace', 'Bea Stone'],
  }));
  app.server.handlers.set('act/conversationRead', () => ({ threadId: 'Thread-1' }));
  app.server.handlers.set('act/conversations', () => ({ threads: [], unread: 0 }));
  app.server.handlers.set('act/conversationPost', () => ({ messageId: 'Message-9' }));
  return app;
}

const received = (app: ReturnType<typeof renderApp>, o: string) => app.server.received.filter((f) => f.o === o).map((f) => f.b);

test('shows the messages with their writers and times, marks the unread New, and marks the thread read', async () => {
  const app = renderThread([
    [
      message(1, { author: null, files: [{ id: 'Attachment-4', name: 'route map.pdf' }] }),
      message(2, { mine: true, author: 'Ada Lovelace' }),
      message(3, { unread: true }),
    ],
  ]);
  const list = await screen.findByTestId('thread-messages');
  expect(screen.getByTestId('thread-participants').textContent).toBe('Taking part: Ada Lovelace, Bea Stone');
  const items = within(list).getAllByTestId('thread-message');
  expect(items.map((li) => within(li).getAllByText(/./)[0]!.textContent)).toEqual(['Someone', 'You', 'Bea Stone']);
  expect(within(items[0]!).getByText(shown)).toBeTruthy();
  expect(within(items[0]!).getByRole('link', { name: 'route map.pdf' }).getAttribute('href')).toBe(
    '/attachment/Attachment-4/route%20map.pdf',
  );
  expect(within(items[2]!).getByText('New')).toBeTruthy();
  expect(within(items[1]!).queryByText('New')).toBeNull();
  await waitFor(() => expect(received(app, 'act/conversationRead')).toEqual([{ threadId: 'Thread-1' }]));
});

test('a message sent from the composer, and one another participant writes, appear without a reload', async () => {
  const app = renderThread([
    [message(1)],
    [message(1), message(2, { mine: true, author: 'Ada Lovelace', body: '<p>Saturday suits me.</p>' })],
    [
      message(1),
      message(2, { mine: true, author: 'Ada Lovelace', body: '<p>Saturday suits me.</p>' }),
      message(3, { body: '<p>See you at the dock.</p>', unread: true }),
    ],
  ]);
  await screen.findByText('Message number 1');
  const composer = screen.getByTestId('thread-composer');
  const editor = within(composer).getByRole('textbox', { name: 'Your message' });
  editor.innerHTML = '<p>Saturday suits me.</p>';
  fireEvent.input(editor);
  await userEvent.click(within(composer).getByRole('button', { name: 'Send' }));
  await waitFor(() =>
    expect(received(app, 'act/conversationPost')).toEqual([{ threadId: 'Thread-1', body: '<p>Saturday suits me.</p>', attachments: [] }]),
  );
  // The server's push of the new message brings it in.
  app.server.push({ o: 'item/update', b: { $id: 'Message-2', _t: 'Message', _i: 2, _u: 1, thread: { id: 'Thread-1' } } });
  await screen.findByText('Saturday suits me.');
  // The composer emptied itself once the message was taken.
  await waitFor(() =>
    expect(within(screen.getByTestId('thread-composer')).getByRole('textbox', { name: 'Your message' }).innerHTML).toBe(''),
  );
  // Another participant's message (a push of a message of this thread) arrives too; one of another thread is ignored.
  app.server.push({ o: 'item/update', b: { $id: 'Message-3', _t: 'Message', _i: 3, _u: 1, thread: { id: 'Thread-1' } } });
  await screen.findByText('See you at the dock.');
  const loads = received(app, 'act/conversationMessages').length;
  app.server.push({ o: 'item/update', b: { $id: 'Message-8', _t: 'Message', _i: 8, _u: 1, thread: { id: 'Thread-7' } } });
  await new Promise((r) => setTimeout(r, 50));
  expect(received(app, 'act/conversationMessages').length).toBe(loads);
});

test("the composer shows a refusal's field message; the resolved toggle saves the thread", async () => {
  const app = renderThread([[message(1)]]);
  app.server.failures.set('act/conversationPost', {
    userMessage: 'validationFailed',
    fields: { attachments: 'errors.conversations.responseNeedsFile' },
  });
  await screen.findByText('Message number 1');
  const composer = screen.getByTestId('thread-composer');
  const editor = within(composer).getByRole('textbox', { name: 'Your message' });
  editor.innerHTML = '<p>See attached</p>';
  fireEvent.input(editor);
  await userEvent.click(within(composer).getByRole('button', { name: 'Send' }));
  await screen.findByText('A response conversation starts with its files: attach at least one.');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Resolved: this conversation needs nothing more' }));
  await waitFor(() => expect(received(app, 'update')).toEqual([{ $id: 'Thread-1', _u: 3, resolved: true }]));
});

test("the conversations view lists the user's threads with their unread counts", async () => {
  const threads: ThreadSummary[] = [
    {
      id: 'Thread-1',
      subject: 'Fishing camp access',
      resolved: false,
      purpose: 'CONSULT_INCOMPLETE',
      context: 'Winter road',
      lastTs: TS,
      unread: 2,
    },
    { id: 'Thread-2', subject: 'Band office hours', resolved: false, purpose: null, context: null, lastTs: TS, unread: 0 },
  ];
  const app = renderApp({ path: '/conversations', signedIn: true });
  app.server.handlers.set('act/conversations', () => ({ threads, unread: 2 }));
  const view = await screen.findByTestId('conversations');
  const first = await within(view).findByTestId('thread-Thread-1');
  expect(within(first).getByText('2 unread messages')).toBeTruthy();
  expect(within(first).getByText('Consultation incomplete')).toBeTruthy();
  expect(within(first).getByText('About Winter road')).toBeTruthy();
  expect(within(first).getByText(`Last message ${shown}`)).toBeTruthy();
  expect(within(within(view).getByTestId('thread-Thread-2')).queryByText(/unread/)).toBeNull();
  expect(within(view).getByTestId('conversations-unread').textContent).toBe('2 unread messages');
});
