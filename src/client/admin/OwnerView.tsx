/**
 * admin.owner (dedicated deployments): the organisation that owns the site, with a link that opens it
 * beside this column to edit it, and its members with their capabilities there. Administrators choose
 * the organisation; they and its members holding `write` manage its members. The server decides.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, type MouseEvent, type ReactNode } from 'react';
import { selectOwner, selectOwnerError, selectOwnerStatus, type OwnerActorRef } from '../../../machines/admin/ownerMachine';
import type { CellActorRef } from '../../../machines/router/cellMachine';
import { selectUser } from '../../../machines/session/authSelectors';
import type { Item } from '../../shared/items/types';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';
import { useCellViewActor } from '../layout/useCellViewActor';
import { useActors } from '../session/useActors';
import { AdminError } from './AdminError';
import { OwnerChooser } from './OwnerChooser';
import { OwnerMemberAdd } from './OwnerMemberAdd';
import { OwnerMembers } from './OwnerMembers';
import { ownerMachine } from '../../../machines/admin/ownerMachine';

type AuthSnapshot = Parameters<typeof selectUser>[0];
const selectMe = (s: AuthSnapshot): string | null => selectUser(s)?.$id ?? null;
const selectAdmin = (s: AuthSnapshot): boolean => selectUser(s)?.admin === true;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The organisation's name, type, legal name and website, and the link that opens it beside. */
function OrgCard({ org, onOpen }: { org: Item; onOpen: (event: MouseEvent) => void }) {
  const t = useT();
  const name = text(org.displayName) || org.$id;
  const website = text(org.website);
  const rows: [string, ReactNode][] = [
    ['types.Organization.displayName', name],
    ['types.Organization.type', org.type ? t(`options.${text(org.type)}`) : '—'],
    ['types.Organization.legalName', text(org.legalName) || '—'],
    [
      'types.Organization.website',
      website ? (
        <a className="break-all text-primary underline dark:text-blue-300" href={website} target="_blank" rel="noreferrer noopener">
          {website}
        </a>
      ) : (
        '—'
      ),
    ],
  ];
  return (
    <div className="flex flex-col gap-3 rounded border border-line bg-panel p-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-muted">{t(label)}</dt>
            <dd className="min-w-0 text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <a href={`/admin.owner/i-${org.$id}`} onClick={onOpen} className="font-medium text-primary underline dark:text-blue-300">
          {t('admin.owner.open', { name })}
        </a>
      </div>
    </div>
  );
}

function OwnerPanel({ cell, actor, fromKey }: { cell: CellActorRef; actor: OwnerActorRef; fromKey: string }) {
  const t = useT();
  const headingId = useId();
  const { auth, router } = useActors();
  const me = useSelector(auth, selectMe);
  const admin = useSelector(auth, selectAdmin);
  const owner = useSelector(actor, selectOwner);
  const status = useSelector(actor, selectOwnerStatus);
  const error = useSelector(actor, selectOwnerError);
  // The organisation opens next to this screen; a modifier or middle click keeps the link's new-tab behaviour.
  const open = (event: MouseEvent) => {
    if (!owner?.orgId || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    router.send({ type: 'router.opened', fromKey, segment: `i-${owner.orgId}` });
  };
  if (!owner) {
    return (
      <div className="flex flex-col gap-3 px-3 py-4">
        <AdminError error={error} />
        {status === 'LOADING' ? (
          <p role="status" className="text-muted">
            {t('app.loading')}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4 px-3 py-4">
      <AdminError error={error} />
      <section aria-labelledby={`${headingId}-owner`} className="flex flex-col gap-3">
        <h2 id={`${headingId}-owner`} className="text-base font-semibold text-ink">
          {t('admin.owner.heading')}
        </h2>
        {owner.orgId === null ? (
          <p className="text-ink">{t(owner.mayChoose ? 'admin.owner.chooseHint' : 'admin.owner.noneYet')}</p>
        ) : owner.org ? (
          <OrgCard org={owner.org} onOpen={open} />
        ) : (
          <p className="text-muted">{t('admin.owner.notReadable')}</p>
        )}
        {owner.mayChoose ? <OwnerChooser key={owner.orgId ?? ''} cell={cell} actor={actor} current={owner.orgId} /> : null}
      </section>
      {owner.mayManage ? (
        <section aria-labelledby={`${headingId}-members`} className="flex flex-col gap-3">
          <h2 id={`${headingId}-members`} className="text-base font-semibold text-ink">
            {t('admin.owner.members')}
          </h2>
          <OwnerMemberAdd actor={actor} />
          <OwnerMembers actor={actor} me={me} admin={admin} />
        </section>
      ) : null}
    </div>
  );
}

/** The owner organisation screen. */
export function OwnerView({ cell, spec }: CellViewProps) {
  const t = useT();
  const actor = useCellViewActor(cell, 'owner', ownerMachine, undefined);
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'organization' }), [cell, title]);
  return actor ? <OwnerPanel cell={cell} actor={actor} fromKey={spec.key} /> : null;
}
