import { render, within } from '@testing-library/react';
import { itemTypes } from '../../src/shared/itemTypes';
import type { Item } from '../../src/shared/items/types';
import { ItemDetails } from '../../src/client/items/ItemDetails';
import { cleanUpApps, renderApp, type AppHarness } from './support/renderApp';
import { withProviders } from './support/renderItemScreen';

// Relative times follow the session's clock.
let app: AppHarness;
beforeEach(() => {
  app = renderApp({ path: '/sign-in' });
});
afterEach(cleanUpApps);

const DAY = 24 * 3600 * 1000;

function item(type: string, props: Record<string, unknown>, createdAgo: number): Item {
  return {
    $id: `${type}-1`,
    _t: type,
    _i: 1,
    _u: 1,
    $access: 'PROTECTED',
    _c: { ts: new Date(Date.now() - createdAgo).toISOString(), by: 'User-1' },
    $labels: { 'User-1': 'Ada Lovelace' },
    ...props,
  } as Item;
}

function renderDetails(it: Item) {
  const { container } = render(withProviders(<ItemDetails item={it} type={itemTypes.get(it._t)!} />, app.session));
  // The properties stand in sections and a side column: the whole read screen is searched.
  const list = container as HTMLElement;
  const valueOf = (label: string) => within(list).getByText(label, { selector: 'dt' }).nextElementSibling;
  return { list, valueOf };
}

describe('item read screen', () => {
  it('lists the non-empty properties with their labels, links for e-mail, and who created it how long ago', () => {
    const { list, valueOf } = renderDetails(
      item(
        'Contact',
        { firstName: 'Mary', middleName: '', lastName: 'Thomas', email: 'mary@example.org', officePhone: '(555) 123-4567' },
        3 * DAY,
      ),
    );
    expect(valueOf('First name')).toHaveTextContent('Mary');
    expect(within(list).queryByText('Middle name')).toBeNull();
    expect(within(list).getByRole('link', { name: 'mary@example.org' })).toHaveAttribute('href', 'mailto:mary@example.org');
    expect(within(list).getByRole('link', { name: '(555) 123-4567' })).toHaveAttribute('href', 'tel:5551234567');
    expect(valueOf('Created')).toHaveTextContent(/^\d\d-[A-Z][a-z]{2}-\d{4} \d\d:\d\d \(3 days ago\)$/);
    expect(valueOf('Created by')).toHaveTextContent('Ada Lovelace');
  });

  it('says now for an item created in the last 10 seconds', () => {
    const fresh = renderDetails(item('Contact', { lastName: 'New' }, 5_000));
    expect(fresh.valueOf('Created')).toHaveTextContent('(now)');
  });

  it('uses hours below two days', () => {
    const { valueOf } = renderDetails(item('Contact', { lastName: 'Old' }, 36 * 3600 * 1000));
    expect(valueOf('Created')).toHaveTextContent('(36 hours ago)');
  });

  it('shows dates as DD-MMM-YYYY, option texts, yes and no, and a file size as a size', () => {
    const { valueOf } = renderDetails(
      item('Attachment', { originalName: 'plan.pdf', kind: 'DOCUMENT', trashed: false, size: 12500 }, DAY * 400),
    );
    expect(valueOf('Kind')).toHaveTextContent('Document');
    expect(valueOf('Trashed')).toHaveTextContent('No');
    expect(valueOf('Size')).toHaveTextContent('12.5 KB');
    expect(valueOf('Created')).toHaveTextContent('(1 year ago)');
    const log = renderDetails(item('CommLog', { subject: 'Call', date: '2025-02-03' }, DAY));
    expect(log.valueOf('Date')).toHaveTextContent('03-Feb-2025');
  });
});
