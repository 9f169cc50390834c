import {
  selectServerState,
  selectServerStateError,
  selectServerStateLoading,
  serverStateMachine,
} from '../../../machines/admin/serverStateMachine';
import type { AdminConnection } from '../../../machines/admin/adminRequests';
import { startAdmin } from './support';

const STATE = {
  version: '1.0.0',
  uptimeSeconds: 61,
  openSockets: 3,
  activeTasks: 1,
  driver: 'pglite',
  databaseBytes: 9_000_000,
  dedicated: false,
};

it('asks the server state when started, keeps the answer while refreshing, and shows a refusal', () => {
  const t = startAdmin(serverStateMachine, ({ connection }) => ({ connection: connection as AdminConnection }));
  expect(t.sent()).toEqual([{ o: 'act/serverState' }]);
  expect(selectServerStateLoading(t.subject.getSnapshot())).toBe(true);
  t.reply(STATE);
  expect(selectServerState(t.subject.getSnapshot())).toEqual(STATE);
  t.subject.send({ type: 'serverState.refreshed' });
  expect(t.sent()).toHaveLength(2);
  expect(selectServerState(t.subject.getSnapshot())).toEqual(STATE);
  t.reply({ userMessage: 'notAllowed', sysMessage: 'Only an administrator reads the server state' }, { erred: true });
  expect(selectServerStateError(t.subject.getSnapshot())).toMatchObject({ userMessage: 'notAllowed' });
  expect(selectServerStateLoading(t.subject.getSnapshot())).toBe(false);
  t.subject.send({ type: 'serverState.refreshed' });
  t.reply({ ...STATE, openSockets: 4 });
  expect(selectServerStateError(t.subject.getSnapshot())).toBeNull();
  expect(selectServerState(t.subject.getSnapshot())?.openSockets).toBe(4);
});
