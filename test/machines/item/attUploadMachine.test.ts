import { createActor } from 'xstate';
import { attUploadMachine, selectAttUploads, type AttAdded } from '../../../machines/item/attUploadMachine';
import type { ConnectionActorRef } from '../../../machines/systemIds';
import { fakeUpload, flushPromises, type FakeUpload } from '../session/support/fakes';
import { fakeConnection, settled, startInSession } from '../router/support/sessionFakes';

function start(itemId: string | null = 'ArchiveEntry-4') {
  const uploads: FakeUpload[] = [];
  const h = startInSession(attUploadMachine, {
    systemId: 'att-test',
    input: { name: 'attachments', itemId, upload: fakeUpload(uploads), token: () => 'tok' },
  });
  const added: AttAdded[] = [];
  h.subject.on('att.added', (e) => added.push(e));
  return { ...h, uploads, added, list: () => selectAttUploads(h.subject.getSnapshot()) };
}
const file = (name: string, size = 2000) => new File(['x'.repeat(size)], name, { type: 'text/plain' });
const attachment = (id: string, originalName: string) => ({
  $id: id,
  uppyID: `up-${id}`,
  originalName,
  size: 2000,
  kind: 'DOCUMENT',
  filetype: 'text/plain',
});
const entryOf = (id: string, originalName: string) => ({
  id,
  uppyID: `up-${id}`,
  originalName,
  size: 2000,
  kind: 'DOCUMENT',
  filetype: 'text/plain',
});

describe('attUploadMachine', () => {
  test('uploads each file with the token and its relation, shows progress, reads the Attachment and emits its entry', async () => {
    const h = start();
    h.subject.send({ type: 'att.filesChosen', files: [file('notes.txt')] });
    expect(h.uploads[0]!.request).toMatchObject({
      token: 'tok',
      metadata: { filename: 'notes.txt', relProp: 'attachments', relType: 'ArchiveEntry', relIndex: '4' },
    });
    h.uploads[0]!.request.onProgress(500, 2000);
    expect(h.list()).toEqual([{ key: 'upload-1', name: 'notes.txt', sent: 500, total: 2000, status: 'uploading' }]);
    h.uploads[0]!.answer.resolve('Attachment-9');
    await flushPromises();
    expect(h.sent()).toEqual([{ o: 'read/Attachment-9' }]);
    expect(h.list()[0]!.status).toBe('reading');
    h.reply({ $id: 'Attachment-9', uppyID: 'abc', originalName: 'notes.txt', size: 2000, kind: 'DOCUMENT', filetype: 'text/plain' });
    await settled();
    expect(h.added).toEqual([
      {
        type: 'att.added',
        name: 'attachments',
        entry: { id: 'Attachment-9', uppyID: 'abc', originalName: 'notes.txt', size: 2000, kind: 'DOCUMENT', filetype: 'text/plain' },
      },
    ]);
    expect(h.list()).toEqual([]);
  });

  test('a failed upload stays listed as failed until dismissed; cancelling aborts the upload; a new item sends no relation', async () => {
    const h = start(null);
    h.subject.send({ type: 'att.filesChosen', files: [file('a.txt'), file('b.txt')] });
    expect(h.uploads[0]!.request.metadata).toEqual({ filename: 'a.txt', relProp: 'attachments' });
    h.uploads[0]!.answer.reject(new Error('offline'));
    await flushPromises();
    expect(h.list().map((u) => [u.name, u.status])).toEqual([
      ['a.txt', 'failed'],
      ['b.txt', 'uploading'],
    ]);
    h.subject.send({ type: 'att.dismissed', key: 'upload-1' });
    h.subject.send({ type: 'att.cancelled', key: 'upload-2' });
    expect(h.uploads[1]!.aborted).toBe(true);
    expect(h.list()).toEqual([]);
    expect(h.added).toEqual([]);
  });

  test('reads several Attachments at once, each answer for its own upload whatever the order', async () => {
    const h = start();
    h.subject.send({ type: 'att.filesChosen', files: [file('a.txt'), file('b.txt')] });
    h.uploads[0]!.answer.resolve('Attachment-1');
    h.uploads[1]!.answer.resolve('Attachment-2');
    await flushPromises();
    expect(h.sent()).toEqual([{ o: 'read/Attachment-1' }, { o: 'read/Attachment-2' }]);
    h.reply(attachment('Attachment-2', 'b.txt'), { index: 1 });
    await settled();
    expect(h.added.map((e) => e.entry)).toEqual([entryOf('Attachment-2', 'b.txt')]);
    expect(h.list().map((u) => [u.name, u.status])).toEqual([['a.txt', 'reading']]);
    h.reply(attachment('Attachment-1', 'a.txt'), { index: 0 });
    await settled();
    expect(h.added.map((e) => e.entry)).toEqual([entryOf('Attachment-2', 'b.txt'), entryOf('Attachment-1', 'a.txt')]);
    expect(h.list()).toEqual([]);
  });

  test('a read that fails or answers no Attachment leaves the upload failed, to be dismissed', async () => {
    const h = start();
    h.subject.send({ type: 'att.filesChosen', files: [file('a.txt'), file('b.txt')] });
    h.uploads[0]!.answer.resolve('Attachment-1');
    h.uploads[1]!.answer.resolve('Attachment-2');
    await flushPromises();
    h.reply({ userMessage: 'notAllowed' }, { index: 0, erred: true });
    h.reply(null, { index: 1 });
    await settled();
    expect(h.list().map((u) => [u.name, u.status])).toEqual([
      ['a.txt', 'failed'],
      ['b.txt', 'failed'],
    ]);
    expect(h.added).toEqual([]);
    h.subject.send({ type: 'att.dismissed', key: 'upload-1' });
    expect(h.list().map((u) => u.name)).toEqual(['b.txt']);
  });

  test('an upload removed while its Attachment is read ignores the answer: nothing is added', async () => {
    const h = start();
    h.subject.send({ type: 'att.filesChosen', files: [file('a.txt')] });
    h.uploads[0]!.answer.resolve('Attachment-1');
    await flushPromises();
    expect(h.list()[0]!.status).toBe('reading');
    h.subject.send({ type: 'att.cancelled', key: 'upload-1' });
    h.reply(attachment('Attachment-1', 'a.txt'));
    await settled();
    expect(h.added).toEqual([]);
    expect(h.list()).toEqual([]);
    // A later file starts afresh and is added as usual.
    h.subject.send({ type: 'att.filesChosen', files: [file('b.txt')] });
    h.uploads[1]!.answer.resolve('Attachment-2');
    await flushPromises();
    h.reply(attachment('Attachment-2', 'b.txt'));
    await settled();
    expect(h.added.map((e) => e.entry)).toEqual([entryOf('Attachment-2', 'b.txt')]);
  });

  test("outside the session's actor system it reads through the connection of its input", async () => {
    const connection = createActor(fakeConnection).start();
    const uploads: FakeUpload[] = [];
    const actor = createActor(attUploadMachine, {
      input: {
        name: 'attachments',
        itemId: 'ArchiveEntry-4',
        upload: fakeUpload(uploads),
        token: () => 'tok',
        connection: connection as unknown as ConnectionActorRef,
      },
    }).start();
    const added: AttAdded[] = [];
    actor.on('att.added', (e) => added.push(e));
    actor.send({ type: 'att.filesChosen', files: [file('a.txt')] });
    uploads[0]!.answer.resolve('Attachment-1');
    await flushPromises();
    expect(connection.getSnapshot().context.sent.map((r) => r.frame)).toEqual([{ o: 'read/Attachment-1' }]);
    connection.send({ type: 'fake.reply', index: 0, b: attachment('Attachment-1', 'a.txt') });
    await settled();
    expect(added.map((e) => e.entry)).toEqual([entryOf('Attachment-1', 'a.txt')]);
    actor.stop();
  });
});
