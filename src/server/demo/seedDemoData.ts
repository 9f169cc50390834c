import type { AccountService } from '../accounts/AccountService';
import type { Queryable } from '../db/Database';
import type { ItemStore } from '../store/ItemStore';
import { moduleServers } from '../../modules/server';

/**
 * Fills an empty database with a small, believable community: two organisations that consult with
 * each other, their contacts and two community users without passwords yet; then each module's demo data.
 */
export async function seedDemoData(
  tx: Queryable,
  items: ItemStore,
  accounts: AccountService,
  adminId: string | null,
  storeFile: (bytes: Buffer) => Promise<string>,
): Promise<void> {
  const author = { userId: adminId, masquerader: null };
  const opts = { admin: true, tx };
  const community = await items.create(
    author,
    'Organization',
    {
      displayName: 'Lakeview First Nation',
      type: 'COMMUNITY',
      website: 'https://lakeview.example.org',
      legalName: 'Lakeview First Nation Band Council',
    },
    opts,
  );
  const proponent = await items.create(
    author,
    'Organization',
    {
      displayName: 'Northern Minerals Ltd.',
      type: 'INDUSTRY',
      industry: 'Mining',
      website: 'https://northern-minerals.example.com',
    },
    opts,
  );
  const ministry = await items.create(
    author,
    'Organization',
    {
      displayName: 'Ministry of Lands and Resources',
      type: 'GOVERNMENT',
    },
    opts,
  );
  const rel = (id: string) => [{ id }];
  const people = [
    {
      firstName: 'Mary',
      lastName: 'Thunderchild',
      email: 'mary.thunderchild@lakeview.example.org',
      officePhone: '(306) 555-0142',
      _related: rel(community.id),
    },
    {
      firstName: 'Joseph',
      lastName: 'Whitehorse',
      email: 'joseph.whitehorse@lakeview.example.org',
      mobilePhone: '(306) 555-0199',
      _related: rel(community.id),
    },
    {
      firstName: 'Alex',
      lastName: 'Chen',
      email: 'alex.chen@northern-minerals.example.com',
      officePhone: '(604) 555-0110 ext: 12',
      _related: rel(proponent.id),
    },
    { firstName: 'Priya', lastName: 'Natarajan', email: 'priya.natarajan@lands.example.gov', _related: rel(ministry.id) },
  ];
  // Personal information: the default PROTECTED lets the members of each person's organisations read them (docs/permissions.md).
  for (const p of people) await items.create(author, 'Contact', p, opts);
  await accounts.createUser({ name: 'Mary Thunderchild', email: 'mary.thunderchild@lakeview.example.org' }, adminId, tx);
  await accounts.createUser({ name: 'Joseph Whitehorse', email: 'joseph.whitehorse@lakeview.example.org' }, adminId, tx);
  const organizations = { community: community.id, proponent: proponent.id, regulator: ministry.id };
  for (const m of moduleServers) await m.demo?.({ tx, items, accounts, adminId, organizations, storeFile });
}
