import { SystemId } from '../../../machines/systemIds';
import { killOperation, tasksMachine } from '../../../machines/session/tasksMachine';
import { startWithPeers } from './support/harness';
import { buildTask, fakeEffects } from './support/fakes';
import { startInSession } from '../router/support/sessionFakes';

function start() {
  const effects = fakeEffects();
  const h = startWithPeers(tasksMachine, {
    systemId: SystemId.tasks,
    input: { download: effects.download },
    peers: [SystemId.connection, SystemId.alerts],
  });
  const deleted: string[] = [];
  h.subject.on('tasks.itemDeleted', (event) => deleted.push(event.id));
  return { ...h, effects, deleted, tasks: () => h.subject.getSnapshot().context.tasks };
}

describe('tasksMachine', () => {
  it('lists the active tasks of the session', () => {
    const t = start();
    t.subject.send({ type: 'tasks.synced', tasks: [buildTask({ key: 'a', percentageComplete: 10 }), buildTask({ key: 'b' })] });
    expect(t.tasks().map((task) => [task.key, task.percentageComplete, task.done])).toEqual([
      ['a', 10, false],
      ['b', 0, false],
    ]);
  });

  it('follows taskUpdate with percentageComplete and marks taskComplete done', () => {
    const t = start();
    t.subject.send({ type: 'tasks.updated', task: buildTask({ key: 'a', percentageComplete: 30 }) });
    t.subject.send({ type: 'tasks.updated', task: buildTask({ key: 'a', percentageComplete: 60 }) });
    expect(t.tasks()).toEqual([expect.objectContaining({ key: 'a', percentageComplete: 60, done: false })]);
    t.subject.send({ type: 'tasks.completed', task: buildTask({ key: 'a', percentageComplete: 100 }) });
    expect(t.tasks()).toEqual([expect.objectContaining({ key: 'a', percentageComplete: 100, done: true })]);
  });

  it('downloads a result as soon as its resultURI arrives, once', () => {
    const t = start();
    t.subject.send({ type: 'tasks.updated', task: buildTask({ key: 'a', percentageComplete: 90 }) });
    expect(t.effects.download).not.toHaveBeenCalled();
    t.subject.send({ type: 'tasks.updated', task: buildTask({ key: 'a', percentageComplete: 100, resultURI: '/api/download/a.zip' }) });
    t.subject.send({ type: 'tasks.completed', task: buildTask({ key: 'a', percentageComplete: 100, resultURI: '/api/download/a.zip' }) });
    expect(t.effects.download.mock.calls).toEqual([['/api/download/a.zip']]);
  });

  it('does not download again results that existed before this page loaded, but offers them', () => {
    const t = start();
    t.subject.send({ type: 'tasks.synced', tasks: [buildTask({ key: 'a', resultURI: '/api/download/a.zip' })] });
    expect(t.effects.download).not.toHaveBeenCalled();
    t.subject.send({ type: 'tasks.downloadRequested', key: 'a' });
    expect(t.effects.download.mock.calls).toEqual([['/api/download/a.zip']]);
  });

  it('kills a task only after confirmation, with activeTask/{key} and body killTask', () => {
    const t = start();
    t.subject.send({ type: 'tasks.updated', task: buildTask({ key: 'exp-7' }) });
    t.subject.send({ type: 'tasks.killRequested', key: 'exp-7' });
    expect(t.subject.getSnapshot().value).toBe('CONFIRMING_KILL');
    expect(t.subject.getSnapshot().context.killKey).toBe('exp-7');
    expect(t.sentTo(SystemId.connection)).toEqual([]);
    t.subject.send({ type: 'tasks.killConfirmed' });
    expect(t.sentTo(SystemId.connection)).toEqual([{ type: 'connection.send', frame: { o: 'activeTask/exp-7', b: 'killTask' } }]);
    expect(killOperation('exp-7')).toBe('activeTask/exp-7');
    expect(t.subject.getSnapshot().value).toBe('IDLE');
  });

  it('sends nothing when the kill is cancelled, and refuses to kill an unknown or finished task', () => {
    const t = start();
    t.subject.send({ type: 'tasks.updated', task: buildTask({ key: 'a' }) });
    t.subject.send({ type: 'tasks.killRequested', key: 'a' });
    t.subject.send({ type: 'tasks.killCancelled' });
    expect(t.subject.getSnapshot().context.killKey).toBeNull();
    t.subject.send({ type: 'tasks.killRequested', key: 'nope' });
    t.subject.send({ type: 'tasks.completed', task: buildTask({ key: 'a' }) });
    t.subject.send({ type: 'tasks.killRequested', key: 'a' });
    expect(t.subject.getSnapshot().value).toBe('IDLE');
    expect(t.sentTo(SystemId.connection)).toEqual([]);
  });

  it('tells everyone that the key item was deleted when a delete task completes', () => {
    const t = start();
    t.subject.send({ type: 'tasks.updated', task: buildTask({ key: 'del', keyAction: 'delete', keyItem: 'Consultation-4' }) });
    expect(t.deleted).toEqual([]);
    t.subject.send({ type: 'tasks.completed', task: buildTask({ key: 'del', keyAction: 'delete', keyItem: 'Consultation-4' }) });
    expect(t.deleted).toEqual(['Consultation-4']);
  });

  it('reports a failed task through the alerts and deletes nothing', () => {
    const t = start();
    t.subject.send({
      type: 'tasks.completed',
      task: buildTask({ key: 'del', keyAction: 'delete', keyItem: 'Consultation-4', errorKey: 'deleteFailed' }),
    });
    expect(t.deleted).toEqual([]);
    expect(t.sentTo(SystemId.alerts)).toEqual([{ type: 'alerts.errorRaised', error: { errorKey: 'deleteFailed' } }]);
  });

  it('keeps finished tasks across a resync until the user removes them', () => {
    const t = start();
    t.subject.send({ type: 'tasks.completed', task: buildTask({ key: 'old', resultURI: '/r' }) });
    t.subject.send({ type: 'tasks.synced', tasks: [buildTask({ key: 'new' })] });
    expect(t.tasks().map((task) => task.key)).toEqual(['new', 'old']);
    t.subject.send({ type: 'tasks.removed', key: 'old' });
    expect(t.tasks().map((task) => task.key)).toEqual(['new']);
  });

  it("drops the previous user's tasks, finished ones and a kill awaiting confirmation, when auth drops the item caches", () => {
    const effects = fakeEffects();
    const h = startInSession(tasksMachine, { systemId: SystemId.tasks + '-test', input: { download: effects.download }, signedIn: true });
    h.subject.send({ type: 'tasks.synced', tasks: [buildTask({ key: 'a' })] });
    h.subject.send({ type: 'tasks.completed', task: buildTask({ key: 'b', percentageComplete: 100, resultURI: '/api/download/b.csv' }) });
    h.subject.send({ type: 'tasks.killRequested', key: 'a' });
    expect(h.subject.getSnapshot().value).toBe('CONFIRMING_KILL');
    h.auth.send({ type: 'fake.cachesDropped' });
    expect(h.subject.getSnapshot().value).toBe('IDLE');
    expect(h.subject.getSnapshot().context).toMatchObject({ tasks: [], killKey: null });
    // The next user's session lists only theirs.
    h.subject.send({ type: 'tasks.synced', tasks: [buildTask({ key: 'c' })] });
    expect(h.subject.getSnapshot().context.tasks.map((task) => task.key)).toEqual(['c']);
  });
});
