import { attUploadMachine, selectAttUploads, type AttAdded } from '../../../machines/item/attUploadMachine';
import { fakeUpload, flushPromises, type FakeUpload } from '../session/support/fakes';
import { startInSession } from '../router/support/sessionFakes';

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
});
