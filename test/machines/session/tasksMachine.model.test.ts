import type { AnyMachineSnapshot } from 'xstate';
import { tasksMachine, type TasksContext } from '../../../machines/session/tasksMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';
import { buildTask } from './support/fakes';

// Each task's key, whether it is done and whether its result was downloaded, and the kill awaiting confirmation.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context = snapshot.context as TasksContext;
  const tasks = context.tasks.map((task) => `${task.key}:${task.done ? 'done' : 'running'}:${task.downloaded ? 'got' : '-'}`);
  return `${JSON.stringify(snapshot.value)}|${tasks.join(',')}|kill:${context.killKey ?? '-'}`;
};

const result = '/api/download/a.csv';

describe('tasksMachine model (progress, downloads, kill with confirmation, dropped caches)', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'tasks',
      machine: tasksMachine,
      variants: [{ name: 'default', input: () => ({ download: () => undefined }) }],
      events: [
        { type: 'tasks.synced', tasks: [buildTask({ key: 'a' })] },
        { type: 'tasks.updated', task: buildTask({ key: 'a', percentageComplete: 50 }) },
        { type: 'tasks.completed', task: buildTask({ key: 'a', percentageComplete: 100, resultURI: result }) },
        { type: 'tasks.downloadRequested', key: 'a' },
        { type: 'tasks.killRequested', key: 'a' },
        { type: 'tasks.killRequested', key: 'unknown' },
        { type: 'tasks.killConfirmed' },
        { type: 'tasks.killCancelled' },
        { type: 'tasks.removed', key: 'a' },
        { type: 'session.cachesDropped' },
      ],
      serializeState,
    });
    expectFullCoverage(report, 2);
  });
});
