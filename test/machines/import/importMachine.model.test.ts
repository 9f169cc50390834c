/** Model-based test of an Import's screen actor: every state and transition, requests and uploads ended by events. */
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { importMachine, type ImportContext, type ImportEvent } from '../../../machines/import/importMachine';
import type { ConnectionCall } from '../../../machines/session/operation';
import type { SessionEffects } from '../../../machines/session/sessionEffects';
import { tasksMachine } from '../../../machines/session/tasksMachine';
import type { TasksActorRef } from '../../../machines/systemIds';
import { fakeUpload, type FakeUpload } from '../session/support/fakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

type UploaderInput = { file: File; upload: SessionEffects['upload']; token: string | null; importId: string };
type WatchInput = { tasks: TasksActorRef | null; key: string };

// The requests', the upload's and the task's ends are the events below: the actors themselves never answer.
const machine = importMachine.provide({
  actors: {
    operation: fromPromise<unknown, ConnectionCall>(() => new Promise(() => undefined)),
    uploader: fromCallback<ImportEvent, UploaderInput>(() => undefined),
    taskWatch: fromCallback<ImportEvent, WatchInput>(() => undefined),
  },
});

const item = {
  $id: 'Import-3',
  _t: 'Import',
  _i: 3,
  _u: 2,
  _c: { ts: '2026-01-01T00:00:00Z', by: null },
  $access: 'PRIVATE' as const,
  $labels: {},
  label: 'Survey',
};
const task = { key: 'task-1', started: '2026-01-01T00:00:00Z', percentageComplete: 0 };

const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as ImportContext;
  return [
    JSON.stringify(snapshot.value),
    c.file ? `file:${c.file.sent}` : '-',
    c.attachmentId ?? '-',
    c.run ? `${c.run.dryRun ? 'dry' : 'real'}:${c.run.key ?? '-'}` : '-',
    c.error ?? '-',
  ].join('|');
};

// Only the running step follows a task, and only the uploading step uploads.
const invariant = (snapshot: AnyMachineSnapshot): string | null => {
  const c = snapshot.context as ImportContext;
  if (snapshot.matches('RUNNING') && !c.run?.key) return 'running without a task';
  if (!snapshot.matches('UPLOADING') && c.file) return 'a file shown as uploading outside UPLOADING';
  return null;
};

describe('importMachine model', () => {
  it('replays a path through every state and every transition', () => {
    const uploads: FakeUpload[] = [];
    const report = exploreModel({
      name: 'import',
      machine,
      variants: [
        {
          name: 'an Import',
          input: () => ({ importId: 'Import-3', upload: fakeUpload(uploads), token: () => 'tok', connection: null, tasks: null }),
        },
      ],
      events: [
        { type: 'import.kindChosen', item, kind: 'JOURNAL_ENTRIES' },
        { type: 'import.intoChosen', item, into: 'SpatialCollection-2' },
        { type: 'import.fileChosen', file: new File(['title\nHeron\n'], 'entries.csv', { type: 'text/csv' }) },
        { type: 'import.previewRequested' },
        { type: 'import.startRequested' },
        { type: 'import.killRequested' },
        { type: 'import.errorDismissed' },
        { type: 'import.progressed', sent: 5, total: 12 },
        { type: 'import.uploaded', id: 'Attachment-8' },
        { type: 'import.uploadFailed' },
        { type: 'import.uploadFailed', reason: 'fileInfected' },
        { type: 'xstate.done.actor.saveKind', output: item },
        { type: 'xstate.error.actor.saveKind', error: { kind: 'server', userMessage: 'staleUpdate' } },
        { type: 'xstate.done.actor.start', output: task },
        { type: 'xstate.error.actor.start', error: { kind: 'server', userMessage: 'parseRequestFailed' } },
        { type: 'import.taskEnded', task: { ...task, percentageComplete: 100 } },
        { type: 'import.taskEnded', task: { ...task, errorKey: 'errors.import.badHeader' } },
        { type: 'import.taskEnded', task: { ...task, errorKey: 'errors.taskKilled' } },
      ],
      serializeState,
      invariant,
    });
    expectFullCoverage(report, 5);
  });
});

describe('importMachine choices', () => {
  it('saves the chosen kind, then the chosen target, on the Import as read', async () => {
    const calls: ConnectionCall[] = [];
    const actor = createActor(
      importMachine.provide({
        actors: {
          operation: fromPromise<unknown, ConnectionCall>(async ({ input }) => {
            calls.push(input);
            return item;
          }),
        },
      }),
      { input: { importId: 'Import-3', upload: fakeUpload([]), token: () => 'tok', connection: null, tasks: null } },
    ).start();
    actor.send({ type: 'import.kindChosen', item, kind: 'SPATIAL_FEATURES' });
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'import.intoChosen', item: { ...item, kind: 'SPATIAL_FEATURES' }, into: 'SpatialCollection-2' });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.map((c) => c.call.b)).toEqual([
      { ...item, kind: 'SPATIAL_FEATURES' },
      { ...item, kind: 'SPATIAL_FEATURES', into: { id: 'SpatialCollection-2' } },
    ]);
    expect(actor.getSnapshot().value).toBe('IDLE');
  });
});

describe('importMachine with the tasks actor', () => {
  it('lists the started task at once, follows it to its end and asks the tasks actor to kill it', async () => {
    const tasks = createActor(tasksMachine, { input: { download: () => undefined } }).start();
    const calls: ConnectionCall[] = [];
    const actor = createActor(
      importMachine.provide({
        actors: {
          operation: fromPromise<unknown, ConnectionCall>(async ({ input }) => {
            calls.push(input);
            return task;
          }),
        },
      }),
      { input: { importId: 'Import-3', upload: fakeUpload([]), token: () => 'tok', connection: null, tasks } },
    ).start();
    actor.send({ type: 'import.startRequested' });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls[0]!.call).toMatchObject({ o: 'act/import/async', b: { importId: 'Import-3', dryRun: false } });
    expect(actor.getSnapshot().value).toBe('RUNNING');
    expect(tasks.getSnapshot().context.tasks).toMatchObject([{ key: 'task-1', asyncKey: 'import', done: false }]);
    actor.send({ type: 'import.killRequested' });
    expect(tasks.getSnapshot().context.killKey).toBe('task-1');
    tasks.send({ type: 'tasks.completed', task: { ...task, errorKey: 'errors.import.badHeader' } });
    expect(actor.getSnapshot().value).toBe('IDLE');
    expect(actor.getSnapshot().context.error).toBe('errors.import.badHeader');
  });
});
