/**
 * The Letters panel of a response (issue 15): letters with their state and who did what, labelled;
 * the moves the chart allows the signed-in user (never approving their own proposal); a letter sent
 * back with a note; a new letter written from a template after its filled preview; a reader's view.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { selectItem, type ItemActorRef } from '../../machines/item/itemMachine';
import { getRouter } from '../../machines/systemIds';
import type { ItemPanelProps } from '../../src/client/items/itemPanels';
import { loadScreens } from '../../src/client/modules/moduleRegistry';
import type { LetterSummary, ResponseLetters } from '../../src/modules/letters/operations';
import type { Item } from '../../src/shared/items/types';
import { cleanUpApps, renderApp, type RenderOptions } from './support/renderApp';
import { withProviders } from './support/renderItemScreen';
import type { SeededItem } from './support/protocolServer';

// The response's screen draws its map layers with OpenLayers, which jsdom cannot run (maps are tested in Chromium).
jest.mock('../../src/client/map/olMap', () => ({
  MARKER_COLOURS: { normal: '#1976D2', selected: '#E91E63' },
  MapController: class {
    map = { getView: () => null };
    shapes = { clear: () => undefined, addFeatures: () => undefined };
    setBase() {}
    fit() {}
    setMarkers() {}
    destroy() {}
  },
}));
jest.mock('ol/format/GeoJSON', () => ({
  __esModule: true,
  default: class {
    readFeatures = () => [];
  },
}));

afterEach(cleanUpApps);

const response: SeededItem = {
  $id: 'ConsultResponse-4',
  _t: 'ConsultResponse',
  _i: 4,
  _u: 3,
  _c: { ts: '2026-01-05T10:00:00.000Z', by: 'User-9' },
  $access: 'PROTECTED',
  $labels: { 'ConsultResponse-4': 'Transmission line 9L40 · Lakeview First Nation', 'Organization-3': 'Lakeview First Nation' },
  projectName: 'Transmission line 9L40',
  communityName: 'Lakeview First Nation',
  owner: { id: 'Organization-3' },
  state: 'PENDING',
};

const letter = (extra: Partial<LetterSummary> = {}): LetterSummary => ({
  id: 'ResponseLetter-7',
  u: 2,
  subject: 'Lakeview First Nation: response on Transmission line 9L40',
  body: '<p>Lakeview First Nation has reviewed the proposal of Prairie Power.</p>',
  state: 'PROPOSED',
  recipients: ['Contact-5'],
  proposedBy: 'User-2',
  proposedByName: 'Abe Lake',
  proposedAt: '2026-03-01T10:00:00.000Z',
  approvedByName: null,
  approvedAt: null,
  sentBackByName: null,
  sentBackAt: null,
  sentBackNote: null,
  sentByName: null,
  sentAt: null,
  delivery: null,
  files: [],
  ...extra,
});

const base = (letters: LetterSummary[], mayWrite = true): ResponseLetters => ({
  mayWrite,
  letters,
  templates: mayWrite
    ? [
        { id: 'LetterTemplate-1', name: 'Acknowledgement of receipt', subject: 'Received: {{consultation.projectName}}' },
        { id: 'LetterTemplate-2', name: 'Response with concerns', subject: '{{community.name}}: response' },
      ]
    : [],
  contacts: mayWrite
    ? [
        { id: 'Contact-5', label: 'Pat Okemaw', email: 'pat@prairiepower.example', primary: true },
        { id: 'Contact-6', label: 'Nell Post', email: null, primary: true },
        { id: 'Contact-8', label: 'Rita Rules', email: 'rita@regulator.example', primary: false },
      ]
    : [],
});

/** The app at the response's cell, and the letters module's panels drawn for that cell's item. */
async function renderPanel(answer: () => ResponseLetters, options: RenderOptions = {}) {
  const app = renderApp({ path: `/i-${response.$id}`, signedIn: true, ...options });
  app.server.seedItems(response);
  app.server.handlers.set('act/responseLetters', () => answer());
  app.server.handlers.set('act/letterMove', () => ({ letterId: 'ResponseLetter-7', state: 'X', u: 3 }));
  app.server.handlers.set('act/letterCreate', () => ({ letterId: 'ResponseLetter-8' }));
  app.server.handlers.set('delete/ResponseLetter-7', () => ({ $id: 'ResponseLetter-7', _t: 'ResponseLetter', _u: 4, $deleted: true }));
  app.server.handlers.set('act/letterPreview', (f) => {
    const { templateId } = f.b as { templateId: string };
    return templateId === 'LetterTemplate-1'
      ? { subject: 'Received: Transmission line 9L40', body: '<p>Thank you for sharing <strong>Transmission line 9L40</strong>.</p>' }
      : { subject: 'Lakeview First Nation: response', body: '<ol><li>Caribou calving grounds</li></ol>' };
  });
  let itemRef: ItemActorRef | null = null;
  let read: Item | null = null;
  await waitFor(() => {
    const cell = getRouter(app.session.system)
      ?.getSnapshot()
      .context.cells.find((c) => c.spec.itemId === response.$id);
    itemRef = cell?.ref.getSnapshot().context.item ?? null;
    read = itemRef ? selectItem(itemRef.getSnapshot()) : null;
    if (!read) throw new Error('not read yet');
  });
  const cell = getRouter(app.session.system)!
    .getSnapshot()
    .context.cells.find((c) => c.spec.itemId === response.$id)!.ref;
  const panels: readonly ComponentType<ItemPanelProps>[] = (await loadScreens('letters')).panels?.ConsultResponse ?? [];
  const view = render(
    withProviders(
      <>
        {panels.map((Panel, i) => (
          <Panel key={i} item={read!} itemRef={itemRef!} cell={cell} />
        ))}
      </>,
      app.session,
    ),
  );
  return { ...app, panel: within(view.container) };
}

const sent = (h: { server: { received: { o: string; b?: unknown }[] } }, o: string) =>
  h.server.received.filter((f) => f.o === o).map((f) => f.b ?? null);

describe('Letters panel', () => {
  it('shows a proposal by its state and who proposed it, and lets another person approve it', async () => {
    let answer = base([letter()]);
    const h = await renderPanel(() => answer);
    const card = await h.panel.findByRole('article', { name: 'Lakeview First Nation: response on Transmission line 9L40' });
    expect(within(card).getByTestId('letter-state')).toHaveTextContent('Proposed');
    expect(card).toHaveTextContent(/Proposed by Abe Lake on 01-Mar-2026 \d\d:\d\d/);
    expect(card).toHaveTextContent('To Pat Okemaw');
    expect(card).not.toHaveTextContent('2026-03-01');
    expect(card).not.toHaveTextContent('PROPOSED');
    expect(within(card).queryByRole('button', { name: 'Take back' })).not.toBeInTheDocument();
    answer = base([letter({ state: 'APPROVED', u: 3, approvedByName: 'Ada Lovelace', approvedAt: '2026-03-02T09:30:00.000Z' })]);
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent(h, 'act/letterMove')).toEqual([{ letterId: 'ResponseLetter-7', _u: 2, event: 'letter.approve' }]));
    await waitFor(() => expect(within(card).getByTestId('letter-state')).toHaveTextContent('Approved'));
    expect(card).toHaveTextContent(/Approved by Ada Lovelace on 02-Mar-2026/);
    expect(within(card).getByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('never offers the proposer to approve their own letter: they may take it back or edit it', async () => {
    const h = await renderPanel(() => base([letter({ proposedBy: 'User-1', proposedByName: 'Ada Lovelace' })]));
    const card = await h.panel.findByRole('article');
    expect(within(card).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Send back' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Take back' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    // Under review, it is not thrown away.
    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('You proposed it: another person approves it or sends it back.');
  });

  it('sends a letter back with a note, which the proposer then reads', async () => {
    let answer = base([letter()]);
    const h = await renderPanel(() => answer);
    const card = await h.panel.findByRole('article');
    await userEvent.click(within(card).getByRole('button', { name: 'Send back' }));
    await userEvent.type(within(card).getByLabelText('What should change?'), 'Add the site visit.');
    answer = base([
      letter({
        state: 'SENT_BACK',
        u: 3,
        sentBackByName: 'Ada Lovelace',
        sentBackAt: '2026-03-02T11:00:00.000Z',
        sentBackNote: 'Add the site visit.',
      }),
    ]);
    await userEvent.click(within(card).getByRole('button', { name: 'Send back with this note' }));
    await waitFor(() =>
      expect(sent(h, 'act/letterMove')).toEqual([
        { letterId: 'ResponseLetter-7', _u: 2, event: 'letter.sendBack', note: 'Add the site visit.' },
      ]),
    );
    await waitFor(() => expect(within(card).getByTestId('letter-state')).toHaveTextContent('Sent back'));
    expect(card).toHaveTextContent(/Sent back by Ada Lovelace on 02-Mar-2026/);
    expect(card).toHaveTextContent('Why: Add the site visit.');
    expect(within(card).getByRole('button', { name: 'Propose for approval' })).toBeInTheDocument();
    // A letter sent back may be thrown away, once confirmed.
    answer = base([]);
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Delete the letter' }));
    await waitFor(() => expect(sent(h, 'delete/ResponseLetter-7')).toEqual([{ _u: 3 }]));
    expect(await h.panel.findByText('No letters yet.')).toBeInTheDocument();
  });

  it('writes a new letter from a template after reading it filled, to the primary contacts with an address', async () => {
    const h = await renderPanel(() => base([]));
    expect(await h.panel.findByText('No letters yet.')).toBeInTheDocument();
    await userEvent.click(h.panel.getByRole('button', { name: 'New letter' }));
    const preview = await h.panel.findByTestId('letter-preview');
    await waitFor(() => expect(preview).toHaveTextContent('Received: Transmission line 9L40'));
    expect(preview).toHaveTextContent('Thank you for sharing Transmission line 9L40.');
    expect(h.panel.getByRole('checkbox', { name: /Pat Okemaw/ })).toBeChecked();
    expect(h.panel.getByRole('checkbox', { name: /Nell Post/ })).toBeDisabled();
    expect(h.panel.getByText('no e-mail address')).toBeInTheDocument();
    expect(h.panel.getByRole('checkbox', { name: /Rita Rules/ })).not.toBeChecked();
    await userEvent.selectOptions(h.panel.getByLabelText('Letter'), 'Response with concerns');
    await waitFor(() => expect(h.panel.getByTestId('letter-preview')).toHaveTextContent('Caribou calving grounds'));
    await userEvent.click(h.panel.getByRole('checkbox', { name: /Rita Rules/ }));
    await userEvent.click(h.panel.getByRole('button', { name: 'Propose for approval' }));
    await waitFor(() =>
      expect(sent(h, 'act/letterCreate')).toEqual([
        { responseId: 'ConsultResponse-4', templateId: 'LetterTemplate-2', recipients: ['Contact-5', 'Contact-8'], propose: true },
      ]),
    );
    expect(await screen.findByText('Applied')).toBeInTheDocument();
  });

  it('shows a reader a sent letter, its delivery and its files, with nothing to do', async () => {
    const h = await renderPanel(() =>
      base(
        [
          letter({
            state: 'SENT',
            approvedByName: 'Ada Lake',
            approvedAt: '2026-03-02T09:30:00.000Z',
            sentByName: 'Abe Lake',
            sentAt: '2026-03-02T10:00:00.000Z',
            delivery: 'MAILED',
            files: [
              { id: 'Attachment-11', originalName: 'response.pdf' },
              { id: 'Attachment-12', originalName: 'response.docx' },
            ],
          }),
        ],
        false,
      ),
    );
    const card = await h.panel.findByRole('article');
    expect(within(card).getByTestId('letter-state')).toHaveTextContent('Sent');
    expect(within(card).getByTestId('letter-delivery')).toHaveTextContent('Mailed and filed');
    expect(card).toHaveTextContent(/Sent by Abe Lake on 02-Mar-2026/);
    expect(within(card).getByRole('link', { name: 'response.pdf' })).toHaveAttribute('href', '/attachment/Attachment-11/response.pdf');
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(h.panel.queryByRole('button', { name: 'New letter' })).not.toBeInTheDocument();
  });

  it("follows another person's moves live: a pushed letter of this response loads the panel again, another's does not", async () => {
    let answer = base([letter()]);
    const h = await renderPanel(() => answer);
    const card = await h.panel.findByRole('article');
    await waitFor(() => expect(sent(h, 'addWatch/ResponseLetter-0')).toHaveLength(1));
    const loads = () => sent(h, 'act/responseLetters').length;
    const before = loads();
    h.server.push({ o: 'item/update', b: { $id: 'ResponseLetter-9', _t: 'ResponseLetter', _u: 2, response: { id: 'ConsultResponse-5' } } });
    answer = base([letter({ state: 'APPROVED', u: 3, approvedByName: 'Abe Lake', approvedAt: '2026-03-02T09:30:00.000Z' })]);
    h.server.push({ o: 'item/update', b: { $id: 'ResponseLetter-7', _t: 'ResponseLetter', _u: 3, response: { id: 'ConsultResponse-4' } } });
    await waitFor(() => expect(within(card).getByTestId('letter-state')).toHaveTextContent('Approved'));
    expect(loads()).toBe(before + 1);
    expect(card).toHaveTextContent(/Approved by Abe Lake on 02-Mar-2026/);
  });

  it('is not shown to a reader of a response without letters', async () => {
    const h = await renderPanel(() => base([], false));
    await waitFor(() => expect(sent(h, 'act/responseLetters').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(h.panel.queryByTestId('letters-panel')).not.toBeInTheDocument();
  });
});
