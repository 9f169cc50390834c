/** The owner organisation's members, each with their capabilities there, switched on and off in place. */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  selectMembershipCapabilities,
  selectOwnerMembers,
  selectOwnerSaveError,
  selectOwnerSavingKey,
  selectOwnerStatus,
  type OwnerActorRef,
} from '../../../machines/admin/ownerMachine';
import { ORG_WRITE } from '../../shared/capabilities';
import type { OrgMember } from '../../shared/admin/SiteOwner';
import { useT } from '../i18n/useT';
import { Button } from '../shell/Button';
import { AdminError } from './AdminError';

interface EntryProps {
  actor: OwnerActorRef;
  member: OrgMember;
  roles: string[];
  busy: boolean;
  /** The signed-in user's own entry, for someone who is not an administrator: their write and membership stay. */
  keepsOwnWrite: boolean;
}

function MemberEntry({ actor, member, roles, busy, keepsOwnWrite }: EntryProps) {
  const t = useT();
  const id = useId();
  const savingKey = useSelector(actor, selectOwnerSavingKey);
  const saveError = useSelector(actor, selectOwnerSaveError);
  const name = member.name || member.email;
  return (
    <li className="flex flex-col gap-2 rounded border border-line bg-panel p-3" aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="min-w-0">
          <span id={`${id}-name`} className="font-medium text-ink">
            {name}
          </span>{' '}
          <span className="break-all text-sm text-muted">{member.email}</span>
        </span>
        {keepsOwnWrite ? null : (
          <Button
            variant="plain"
            disabled={busy}
            aria-label={t('admin.owner.removeMember', { name })}
            onClick={() => actor.send({ type: 'owner.memberRemoved', userId: member.userId })}
          >
            {t('admin.owner.remove')}
          </Button>
        )}
      </div>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1" disabled={busy}>
        <legend className="sr-only">{t('admin.owner.capabilitiesOf', { name })}</legend>
        {roles.map((role) => {
          const locked = keepsOwnWrite && role === ORG_WRITE;
          return (
            <label key={role} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-[var(--color-primary)]"
                checked={member.capabilities[role] === true}
                disabled={locked}
                aria-describedby={locked ? `${id}-own` : undefined}
                onChange={(e) =>
                  actor.send({ type: 'owner.capabilitySwitched', userId: member.userId, capability: role, on: e.target.checked })
                }
              />
              {t(`capabilities.${role}`)}
            </label>
          );
        })}
      </fieldset>
      {keepsOwnWrite ? (
        <p id={`${id}-own`} className="text-xs text-muted">
          {t('admin.owner.ownWrite')}
        </p>
      ) : null}
      {savingKey === member.userId ? <AdminError error={saveError} /> : null}
    </li>
  );
}

/** Every member by name; `me` is the signed-in user, `admin` whether they are an administrator. */
export function OwnerMembers({ actor, me, admin }: { actor: OwnerActorRef; me: string | null; admin: boolean }) {
  const t = useT();
  const members = useSelector(actor, selectOwnerMembers);
  const roles = useSelector(actor, selectMembershipCapabilities);
  const status = useSelector(actor, selectOwnerStatus);
  if (members.length === 0) {
    return status === 'LOADING' ? (
      <p role="status" className="text-muted">
        {t('app.loading')}
      </p>
    ) : (
      <p className="text-muted">{t('admin.owner.noMembers')}</p>
    );
  }
  return (
    <ul className="flex flex-col gap-2" aria-label={t('admin.owner.members')}>
      {members.map((member) => (
        <MemberEntry
          key={member.userId}
          actor={actor}
          member={member}
          roles={roles}
          busy={status !== 'READY'}
          keepsOwnWrite={!admin && member.userId === me}
        />
      ))}
    </ul>
  );
}
