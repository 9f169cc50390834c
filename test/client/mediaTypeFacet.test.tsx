/**
 * A file's type reads as its name (spec 000 §9 Files): the file type facet of files' results offers
 * "PDF document", "PNG image", "Plain text", never `application/pdf`, and still narrows the search
 * by the media type itself.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppIntl } from '../../src/client/i18n/createAppIntl';
import type { Translate } from '../../src/client/i18n/useT';
import { mediaTypeLabel } from '../../src/client/items/fields/mediaTypeLabel';
import type { Frame } from '../../src/shared/protocol';
import type { SearchQuery, SearchReply } from '../../src/shared/search/SearchQuery';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

const FILE = {
  $id: 'Attachment-1',
  _t: 'Attachment',
  _i: 1,
  _u: 1,
  _c: { ts: '2026-01-02T10:00:00Z', by: null },
  $access: 'PROTECTED',
  $labels: { 'Attachment-1': 'route-sketch.pdf' },
  originalName: 'route-sketch.pdf',
  filetype: 'application/pdf',
  kind: 'DOCUMENT',
  size: 1100,
};

const answer = (): SearchReply => ({
  ids: [FILE.$id],
  labels: { [FILE.$id]: FILE.originalName },
  total: 1,
  facets: {
    _: [{ key: 'Attachment', count: 3 }],
    filetype: [
      { key: 'application/pdf', count: 1 },
      { key: 'image/png', count: 1 },
      { key: 'text/plain; charset=utf-8', count: 1 },
    ],
  },
});

test('the file type facet names each type and narrows by the media type', async () => {
  const h = renderApp({ signedIn: true, path: '/search?c0=route&c0._=Attachment' });
  h.server.handlers.set('search/ids', answer);
  h.server.handlers.set('readMany/object', (frame: Frame) => ((frame.b as string[]).includes(FILE.$id) ? { [FILE.$id]: FILE } : {}));
  const user = userEvent.setup();
  const facets = await screen.findByRole('complementary', { name: 'Facets' });
  const fileType = await within(facets).findByRole('group', { name: 'File type' });
  expect(
    within(fileType)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent),
  ).toEqual(['PDF document1', 'PNG image1', 'Plain text1']);
  expect(within(facets).queryByText(/application\/|image\/|text\//)).not.toBeInTheDocument();
  await user.click(within(fileType).getByRole('checkbox', { name: /PDF document/ }));
  await waitFor(() =>
    expect(
      h.server.received
        .filter((f) => f.o === 'search/ids')
        .map((f) => (f.b as SearchQuery).subs)
        .at(-1),
    ).toContainEqual({ should: [{ prop: 'filetype', kind: 'ft', value: 'application/pdf' }], facet: 'filetype' }),
  );
});

describe('mediaTypeLabel', () => {
  const intl = createAppIntl('en', {});
  const t: Translate = (key, values) => intl.formatMessage({ id: key }, values);
  it('names known types, images, sounds and films by their format, and anything else as another file', () => {
    const names = [
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/zip',
      'image/jpeg',
      'image/svg+xml',
      'audio/x-wav',
      'audio/mpeg',
      'video/mp4',
      'image/vnd.adobe.photoshop',
      'TEXT/Markdown; charset=utf-8',
      'application/octet-stream',
    ].map((type) => mediaTypeLabel(t, type));
    expect(names).toEqual([
      'PDF document',
      'Word document',
      'Spreadsheet',
      'ZIP archive',
      'JPEG image',
      'SVG image',
      'WAV audio',
      'MP3 audio',
      'MP4 video',
      'Image',
      'Plain text',
      'Other file',
    ]);
  });
});
