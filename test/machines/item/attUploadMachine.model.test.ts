import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { attUploadMachine, type AttUploadContext } from '../../../machines/item/attUploadMachine';
import type { ConnectionCall } from '../../../machines/session/operation';
import { fakeUpload } from '../session/support/fakes';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

// The read's answers are the events below, so the request actor itself never settles.
const machine = attUploadMachine.provide({
  actors: { operation: fromPromise<unknown, ConnectionCall>(() => new Promise(() => undefined)) },
});

const KEY = 'upload-1';
const READ = `read.${KEY}`;
const ATTACHMENT = { $id: 'Attachment-9', uppyID: 'abc', originalName: 'a.txt', size: 2000, kind: 'DOCUMENT', filetype: 'text/plain' };

const childIds = (snapshot: AnyMachineSnapshot): string[] => Object.keys(snapshot.children).sort();

// The first upload's status and progress, and whether later files are listed: the keys of later
// files grow with every choice, so they are only counted as present or not.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as AttUploadContext;
  const first = c.uploads.find((u) => u.key === KEY);
  return [first ? `${first.status}:${first.sent}:${first.reason ?? ''}` : 'none', c.uploads.some((u) => u.key !== KEY) ? 'more' : ''].join(
    '|',
  );
};

// A file's uploader runs only while it is uploading, its read only while it is reading: nothing of a removed upload is left to answer.
const invariant = (snapshot: AnyMachineSnapshot): string | null => {
  const c = snapshot.context as AttUploadContext;
  for (const id of childIds(snapshot)) {
    const key = id.startsWith('read.') ? id.slice('read.'.length) : id;
    const expected = id.startsWith('read.') ? 'reading' : 'uploading';
    const status = c.uploads.find((u) => u.key === key)?.status;
    if (status !== expected) return `child ${id} runs for an upload ${status ?? 'not listed'}`;
  }
  return null;
};

describe('attUploadMachine model (upload, read, cancel, dismiss)', () => {
  it('replays a path through every transition, with no uploader or read outliving its upload', () => {
    const report = exploreModel({
      name: 'attUpload',
      machine,
      variants: [
        {
          name: 'existing item',
          input: () => ({ name: 'attachments', itemId: 'ArchiveEntry-4', upload: fakeUpload([]), token: () => 'tok' }),
        },
      ],
      events: [
        { type: 'att.filesChosen', files: [new File(['x'.repeat(2000)], 'a.txt', { type: 'text/plain' })] },
        { type: 'att.progressed', key: KEY, sent: 500, total: 2000 },
        { type: 'att.uploaded', key: KEY, id: 'Attachment-9' },
        { type: 'att.uploadFailed', key: KEY },
        { type: 'att.uploadFailed', key: KEY, reason: 'fileInfected' },
        { type: 'att.cancelled', key: KEY },
        { type: 'att.dismissed', key: KEY },
        { type: `xstate.done.actor.${READ}`, actorId: READ, output: ATTACHMENT },
        { type: `xstate.done.actor.${READ}`, actorId: READ, output: null },
        { type: `xstate.error.actor.${READ}`, actorId: READ, error: { kind: 'server', userMessage: 'notAllowed' } },
      ],
      serializeState,
      invariant,
    });
    // The machine keeps its uploads in context, not in states: there are no state nodes to visit.
    expectFullCoverage(report, 0);
  });
});
