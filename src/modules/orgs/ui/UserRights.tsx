/**
 * An administrator's view of another user's rights (docs/permissions.md): capabilities on the whole
 * site, and memberships of organisations with the capabilities held there.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { selectList, selectRoles, type OrgsAdminActorRef } from '../../../../machines/orgs/orgsAdminMachine';
import { ORG_WRITE } from '../../../shared/capabilities';
import { useT } from '../../../client/i18n/useT';
import { Button } from '../../../client/shell/Button';
import { CapabilityBoxes } from './CapabilityBoxes';
import { useOrgsAdmin } from './useOrgsAdmin';
import { useUserEntry } from './useUserEntry';

type Snapshot = ReturnType<OrgsAdminActorRef['getSnapshot']>;
const selectOrganizations = (s: Snapshot) => selectList(s, 'organizations');

/** Capabilities and memberships of `userId`, changed at once on every click. */
export function UserRights({ userId }: { userId: string }) {
  const t = useT();
  const orgs = useOrgsAdmin();
  const orgsMembershipsId = useId();
  const orgsSiteCapsId = useId();
  const { account, busy } = useUserEntry(orgs, userId);
  const roles = useSelector(orgs, selectRoles);
  const organizations = useSelector(orgs, selectOrganizations);
  const [adding, setAdding] = useState('');
  const chooserId = useId();
  useEffect(() => orgs.send({ type: 'orgs.accountRequested', userId }), [orgs, userId]);
  useEffect(() => orgs.send({ type: 'orgs.listRequested', list: 'organizations' }), [orgs]);
  if (!account || !roles) return <p className="px-4 text-sm text-muted">{t('app.loading')}</p>;
  if (account.admin) return <p className="px-4 text-sm">{t('orgs.admin.isAdmin')}</p>;

  const changing = busy.length > 0;
  const siteRoles = roles.filter((r) => r !== ORG_WRITE);
  const members = new Set(account.memberships.map((m) => m.orgId));
  const choices = (organizations?.entries ?? []).filter((o) => !members.has(o.id));
  return (
    <div className="flex flex-col gap-3">
      <section aria-labelledby={orgsSiteCapsId} className="flex flex-col gap-1">
        <h5 id={orgsSiteCapsId} className="text-sm font-semibold">
          {t('orgs.admin.capabilities')}
        </h5>
        <CapabilityBoxes
          legend={t('orgs.admin.capabilities')}
          roles={siteRoles}
          held={account.capabilities}
          disabled={changing}
          onChange={(capabilities) => orgs.send({ type: 'orgs.capabilitiesSet', userId, capabilities })}
        />
      </section>
      <section aria-labelledby={orgsMembershipsId} className="flex flex-col gap-2">
        <h5 id={orgsMembershipsId} className="text-sm font-semibold">
          {t('orgs.admin.memberships')}
        </h5>
        {account.memberships.length === 0 ? <p className="text-sm text-muted">{t('orgs.admin.noMemberships')}</p> : null}
        {account.memberships.map((m) => (
          <div key={m.orgId} className="flex flex-col gap-1 rounded border border-line px-3 py-2">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{m.label}</span>
              <Button
                variant="plain"
                disabled={changing}
                onClick={() => orgs.send({ type: 'orgs.membershipRemoved', userId, orgId: m.orgId })}
              >
                {t('orgs.admin.removeMembership', { org: m.label })}
              </Button>
            </div>
            <CapabilityBoxes
              legend={t('orgs.admin.membershipCapabilities', { org: m.label })}
              roles={roles}
              held={m.capabilities}
              disabled={changing}
              onChange={(capabilities) => orgs.send({ type: 'orgs.membershipSet', userId, orgId: m.orgId, capabilities })}
            />
          </div>
        ))}
        {choices.length > 0 ? (
          <div className="flex flex-wrap items-end gap-2">
            <label htmlFor={chooserId} className="flex flex-col gap-1 text-sm">
              {t('orgs.admin.chooseOrg')}
              <select
                id={chooserId}
                className="rounded border border-line bg-surface px-2 py-1.5 text-ink"
                value={adding}
                onChange={(event) => setAdding(event.target.value)}
              >
                <option value="">{t('orgs.admin.chooseOrgNone')}</option>
                {choices.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <Button
              disabled={!adding || changing}
              onClick={() => {
                orgs.send({ type: 'orgs.membershipSet', userId, orgId: adding, capabilities: {} });
                setAdding('');
              }}
            >
              {t('orgs.admin.addMembership')}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
