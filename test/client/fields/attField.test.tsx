import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { AttField } from '../../../src/client/items/fields/AttField';
import type { ItemTypeDef } from '../../../src/shared/items/types';
import { cleanUpApps } from '../support/renderApp';
import { buildFieldItem, inField, renderField } from '../support/renderField';

afterEach(cleanUpApps);

const ArchiveEntry: ItemTypeDef = {
  name: 'ArchiveEntry',
  defaultIcon: 'archive',
  defaultAccess: 'PROTECTED',
  label: () => '',
  properties: { attachments: { kind: 'ATT' } },
};
const photo = { id: 'Attachment-3', uppyID: 'up3', originalName: 'river.jpg', size: 2_500_000, kind: 'IMAGE', filetype: 'image/jpeg' };
const doc = {
  id: 'Attachment-4',
  uppyID: 'up4',
  originalName: 'minutes.docx',
  size: 999,
  kind: 'DOCUMENT',
  filetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const item = buildFieldItem('ArchiveEntry', { $id: 'ArchiveEntry-4', attachments: [photo, doc] });

describe('ATT field', () => {
  test('shows a gallery: name, kind and size by powers of 1000, previews, open and download links', async () => {
    const h = await renderField('show', { kind: AttField, type: ArchiveEntry, name: 'attachments', item, value: [photo, doc] });
    expect(inField(h).getByText('Image · 2.5 MB')).toBeInTheDocument();
    expect(inField(h).getByText('Document · 999 Bytes')).toBeInTheDocument();
    // An image's preview is its 480 px variant; a Word file shows the document icon and its extension.
    expect(h.field.querySelector('[data-attachment="Attachment-3"] img')).toHaveAttribute('src', '/attachment/up3?variant=small');
    expect(h.field.querySelector('[data-attachment="Attachment-4"] [data-preview="icon"]')).toHaveTextContent('DOCX');
    // The browser shows images itself; a Word file is downloaded.
    expect(inField(h).getByRole('link', { name: 'river.jpg' })).toHaveAttribute('href', '/attachment/Attachment-3/river.jpg');
    expect(inField(h).getByRole('link', { name: 'river.jpg' })).toHaveAttribute('target', '_blank');
    expect(inField(h).getByRole('link', { name: 'minutes.docx' })).toHaveAttribute(
      'href',
      '/attachment/Attachment-4/minutes.docx?download=1',
    );
    expect(inField(h).getByRole('link', { name: 'Download river.jpg' })).toHaveAttribute(
      'href',
      '/attachment/Attachment-3/river.jpg?download=1',
    );
  });

  test('audio and video play where they are shown; a PDF shows its icon and opens in the browser', async () => {
    const talk = { id: 'Attachment-5', uppyID: 'up5', originalName: 'elder talk.mp3', size: 3_000, kind: 'AUDIO', filetype: 'audio/mpeg' };
    const film = { id: 'Attachment-6', uppyID: 'up6', originalName: 'canoe.mp4', size: 9_000_000, kind: 'VIDEO', filetype: 'video/mp4' };
    const report = {
      id: 'Attachment-8',
      uppyID: 'up8',
      originalName: 'report.pdf',
      size: 12_345,
      kind: 'DOCUMENT',
      filetype: 'application/pdf',
    };
    const h = await renderField('show', { kind: AttField, type: ArchiveEntry, name: 'attachments', item, value: [talk, film, report] });
    const audio = inField(h).getByLabelText('Play elder talk.mp3');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio).toHaveAttribute('src', '/attachment/Attachment-5/elder%20talk.mp3');
    expect(audio).toHaveAttribute('controls');
    const video = inField(h).getByLabelText('Play canoe.mp4');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/attachment/Attachment-6/canoe.mp4');
    expect(h.field.querySelector('[data-attachment="Attachment-8"] [data-preview="icon"]')).toHaveTextContent('PDF');
    expect(inField(h).getByRole('link', { name: 'report.pdf' })).toHaveAttribute('href', '/attachment/Attachment-8/report.pdf');
    expect(inField(h).getByText('Document · 12.3 KB')).toBeInTheDocument();
  });

  test('files dropped onto the field upload as chosen ones do; the field says it takes them while dragged over', async () => {
    const h = await renderField('edit', { kind: AttField, type: ArchiveEntry, name: 'attachments', item, value: [] });
    const zone = h.field.querySelector('[data-dropzone]')!;
    const files = [new File(['a'], 'map.png', { type: 'image/png' }), new File(['b'], 'notes.txt')];
    const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
    expect(inField(h).getByText('or drop files here')).toBeInTheDocument();
    fireEvent.dragEnter(zone, { dataTransfer });
    fireEvent.dragOver(zone, { dataTransfer });
    expect(zone).toHaveAttribute('data-dropzone', 'active');
    expect(inField(h).getByText('Drop the files to add them')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer });
    expect(zone).toHaveAttribute('data-dropzone', '');
    expect(h.app.effects.uploads.map((u) => u.request.metadata.filename)).toEqual(['map.png', 'notes.txt']);
    expect(inField(h).getByRole('progressbar', { name: 'map.png' })).toBeInTheDocument();
    // Text dragged from the page is not a file: nothing happens.
    fireEvent.dragEnter(zone, { dataTransfer: { files: [], types: ['text/plain'] } });
    expect(zone).toHaveAttribute('data-dropzone', '');
  });

  test("an image shows the browser's own preview while it uploads, until the server's thumbnail takes its place", async () => {
    const user = userEvent.setup();
    const made: string[] = [];
    const revoked: string[] = [];
    Object.assign(URL, {
      createObjectURL: (f: File) => {
        made.push(`blob:${f.name}`);
        return `blob:${f.name}`;
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    });
    try {
      const h = await renderField('edit', { kind: AttField, type: ArchiveEntry, name: 'attachments', item, value: [] });
      h.app.server.handlers.set('read/Attachment-9', () => ({
        ...buildFieldItem('Attachment', { $id: 'Attachment-9' }),
        uppyID: 'up9',
        originalName: 'fish.png',
        size: 4,
        kind: 'IMAGE',
        filetype: 'image/png',
      }));
      await user.upload(inField(h).getByLabelText('Add a file'), [
        new File(['fish'], 'fish.png', { type: 'image/png' }),
        new File(['text'], 'notes.txt', { type: 'text/plain' }),
      ]);
      expect(made).toEqual(['blob:fish.png']);
      expect(h.field.querySelector('[data-preview="local"]')).toHaveAttribute('src', 'blob:fish.png');
      await act(async () => h.app.effects.uploads[0]!.answer.resolve('Attachment-9'));
      await waitFor(() =>
        expect(h.field.querySelector('[data-attachment="Attachment-9"] img')).toHaveAttribute('src', '/attachment/up9?variant=thumb'),
      );
      expect(h.field.querySelector('[data-preview="local"]')).toBeNull();
      expect(revoked).toEqual(['blob:fish.png']);
    } finally {
      delete (URL as Partial<typeof URL>).createObjectURL;
      delete (URL as Partial<typeof URL>).revokeObjectURL;
    }
  });

  test('leaving the field with the drag puts it back as it was', async () => {
    const h = await renderField('edit', { kind: AttField, type: ArchiveEntry, name: 'attachments', item, value: [] });
    const zone = h.field.querySelector('[data-dropzone]')!;
    const dataTransfer = { files: [], types: ['Files'] };
    fireEvent.dragEnter(zone, { dataTransfer });
    fireEvent.dragLeave(zone, { dataTransfer });
    expect(zone).toHaveAttribute('data-dropzone', '');
    expect(h.app.effects.uploads).toEqual([]);
  });

  test('uploads a chosen file with progress, adds its Attachment to the value, and removes files', async () => {
    const user = userEvent.setup();
    const h = await renderField('edit', { kind: AttField, type: ArchiveEntry, name: 'attachments', item, value: [photo] });
    expect(h.field.querySelector('[data-attachment="Attachment-3"] img')).toHaveAttribute('src', '/attachment/up3?variant=thumb');
    h.app.server.handlers.set('read/Attachment-7', () => ({
      ...buildFieldItem('Attachment', { $id: 'Attachment-7' }),
      uppyID: 'up7',
      originalName: 'talk.mp3',
      size: 3000,
      kind: 'AUDIO',
      filetype: 'audio/mpeg',
    }));
    await user.upload(inField(h).getByLabelText('Add a file'), new File(['x'.repeat(3000)], 'talk.mp3', { type: 'audio/mpeg' }));
    const upload = h.app.effects.uploads[0]!;
    expect(upload.request.metadata).toEqual({ filename: 'talk.mp3', relProp: 'attachments', relType: 'ArchiveEntry', relIndex: '4' });
    expect(upload.request.token).toBe('stored-token');
    act(() => upload.request.onProgress(1500, 3000));
    expect(inField(h).getByText('Uploading talk.mp3: 50%')).toBeInTheDocument();
    await act(async () => upload.answer.resolve('Attachment-7'));
    await waitFor(() =>
      expect(h.changes.at(-1)).toEqual([
        photo,
        { id: 'Attachment-7', uppyID: 'up7', originalName: 'talk.mp3', size: 3000, kind: 'AUDIO', filetype: 'audio/mpeg' },
      ]),
    );
    expect(inField(h).getByText('Audio · 3 KB')).toBeInTheDocument();
    await user.click(inField(h).getByRole('button', { name: 'Remove river.jpg' }));
    expect(h.changes.at(-1)).toEqual([expect.objectContaining({ id: 'Attachment-7' })]);
  });

  test('a failed upload says so until dismissed; cancelling aborts it', async () => {
    const user = userEvent.setup();
    const h = await renderField('edit', { kind: AttField, type: ArchiveEntry, name: 'attachments', item: null, value: [] });
    await user.upload(inField(h).getByLabelText('Add a file'), [new File(['a'], 'a.pdf'), new File(['b'], 'b.pdf')]);
    expect(h.app.effects.uploads[0]!.request.metadata).toEqual({ filename: 'a.pdf', relProp: 'attachments' });
    await act(async () => h.app.effects.uploads[0]!.answer.reject(new Error('offline')));
    expect(await inField(h).findByRole('alert')).toHaveTextContent('The upload of a.pdf failed.');
    await user.click(inField(h).getByRole('button', { name: 'Remove a.pdf' }));
    expect(inField(h).queryByRole('alert')).toBeNull();
    await user.click(inField(h).getByRole('button', { name: 'Remove b.pdf' }));
    expect(h.app.effects.uploads[1]!.aborted).toBe(true);
    expect(h.changes).toEqual([]);
  });

  test("a file the server refuses says why: the virus scanner's finding, an empty file", async () => {
    const user = userEvent.setup();
    const h = await renderField('edit', { kind: AttField, type: ArchiveEntry, name: 'attachments', item: null, value: [] });
    await user.upload(inField(h).getByLabelText('Add a file'), [new File(['m'], 'minutes.doc'), new File([], 'blank.txt')]);
    const refused = (reason: string) => Object.assign(new Error('refused'), { reason });
    await act(async () => h.app.effects.uploads[0]!.answer.reject(refused('fileInfected')));
    await act(async () => h.app.effects.uploads[1]!.answer.reject(refused('emptyFile')));
    const alerts = await inField(h).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'minutes.doc was not kept: The virus scanner found malware in this file.',
      'blank.txt was not kept: This file is empty. Choose a file with content.',
    ]);
    expect(h.changes).toEqual([]);
  });
});
