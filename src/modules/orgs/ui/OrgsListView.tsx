/**
 * The views my-organizations and my-contacts (spec 001 §2): administrators see every organisation and
 * contact, others their own organisations and those organisations' contacts. An entry opens its item
 * in the next column; "New ..." opens the create screen there.
 */
import { useSelector } from '@xstate/react';
import { useEffect, type MouseEvent } from 'react';
import {
  selectList,
  selectOrgsStatus,
  type ListEntry,
  type OrgsAdminActorRef,
  type OrgsListKind,
} from '../../../../machines/orgs/orgsAdminMachine';
import { selectCells } from '../../../../machines/router/routerSelectors';
import { selectUser } from '../../../../machines/session/authSelectors';
import type { Item } from '../../../shared/items/types';
import { ListItem, type ListItemVariant } from '../../../client/items/display/ListItem';
import { useT } from '../../../client/i18n/useT';
import type { CellViewProps } from '../../../client/layout/CellViewProps';
import { useSiteConfig } from '../../../client/hooks/useSiteConfig';
import { useActors } from '../../../client/session/useActors';
import { Button } from '../../../client/shell/Button';
import { PanelError } from './PanelError';
import { useOrgsAdmin } from './useOrgsAdmin';

type Snapshot = ReturnType<OrgsAdminActorRef['getSnapshot']>;
const selectOrganizations = (s: Snapshot) => selectList(s, 'organizations');
const selectContacts = (s: Snapshot) => selectList(s, 'contacts');
const selectSignedIn = (s: Snapshot): boolean => selectOrgsStatus(s) === 'SIGNED_IN';
const selectAdmin = (s: Parameters<typeof selectUser>[0]): boolean => selectUser(s)?.admin === true;
// The organisations the user belongs to, as one string: the listing is asked again when they change.
const selectOrgKey = (s: Parameters<typeof selectUser>[0]): string =>
  Object.keys(selectUser(s)?.organizations ?? {})
    .sort()
    .join(',');

const KIND = {
  organizations: {
    type: 'Organization',
    icon: 'organization',
    select: selectOrganizations,
    create: 'orgs.newOrganization',
    empty: 'orgs.noOrganizations',
  },
  contacts: { type: 'Contact', icon: 'contact', select: selectContacts, create: 'orgs.newContact', empty: 'orgs.noContacts' },
} as const;

/** A listing entry as the item displays take it: the label stands for the title. */
const entryItem = (entry: ListEntry): Item => {
  const [type = '', index = '0'] = entry.id.split('-');
  return {
    $id: entry.id,
    _t: type,
    _i: Number(index),
    _u: 0,
    _c: { ts: '', by: null },
    $access: 'COMMUNITY',
    $labels: { [entry.id]: entry.label },
  };
};

/** One of the module's two listings. */
export function OrgsListView({ cell, spec, kind }: CellViewProps & { kind: OrgsListKind }) {
  const t = useT();
  const orgs = useOrgsAdmin();
  const { auth, router } = useActors();
  const { type, icon, select, create, empty } = KIND[kind];
  const list = useSelector(orgs, select);
  const signedIn = useSelector(orgs, selectSignedIn);
  const admin = useSelector(auth, selectAdmin);
  const { contactCreationAdminsOnly } = useSiteConfig();
  const orgKey = useSelector(auth, selectOrgKey);
  const cells = useSelector(router, selectCells);
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon }), [cell, title, icon]);
  useEffect(() => {
    if (signedIn) orgs.send({ type: 'orgs.listRequested', list: kind });
  }, [orgs, kind, signedIn, orgKey]);

  const here = cells.findIndex((c) => c.spec.key === spec.key);
  const shown = here >= 0 ? cells[here + 1]?.spec.itemId : undefined;
  const open = (segment: string) => router.send({ type: 'router.opened', fromKey: spec.key, segment });
  // The entry opens next to the listing; a modifier or middle click keeps the link's new-tab behaviour.
  const openEntry = (event: MouseEvent, id: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    open(`i-${id}`);
  };
  // Organisations are created by administrators only; contacts by anyone signed in, unless the site keeps that to administrators.
  const mayCreate = admin || (kind === 'contacts' && !contactCreationAdminsOnly);
  const variant = (id: string): ListItemVariant => (id === shown ? 'open' : 'default');

  return (
    <div className="flex flex-col gap-3 px-3 py-4">
      {mayCreate ? (
        <div>
          <Button onClick={() => open(`i-${type}-0`)}>{t(create)}</Button>
        </div>
      ) : null}
      <PanelError error={list?.error ?? null} />
      {!list || (list.status === 'LOADING' && list.entries.length === 0) ? (
        <p className="text-muted" role="status">
          {t('app.loading')}
        </p>
      ) : list.status === 'READY' && list.entries.length === 0 ? (
        <p className="text-muted">{t(empty)}</p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label={title}>
          {list.entries.map((entry) => (
            <li key={entry.id} onClickCapture={(event) => openEntry(event, entry.id)}>
              <ListItem item={entryItem(entry)} variant={variant(entry.id)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
