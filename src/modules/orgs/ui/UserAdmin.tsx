/** An administrator's part of another user's User item: rights, Block or Unblock (confirmed), End all sessions. */
import { useId, useState } from 'react';
import { useT } from '../../../client/i18n/useT';
import { Button } from '../../../client/shell/Button';
import { ConfirmDialog } from './ConfirmDialog';
import { PanelError } from './PanelError';
import { UserRights } from './UserRights';
import { useOrgsAdmin } from './useOrgsAdmin';
import { useUserEntry } from './useUserEntry';

/** The administration of user `userId`, called `name`. */
export function UserAdmin({ userId, name }: { userId: string; name: string }) {
  const t = useT();
  const orgs = useOrgsAdmin();
  const orgsAdminId = useId();
  const { account, busy, error } = useUserEntry(orgs, userId);
  const [confirming, setConfirming] = useState(false);
  const blocked = account?.blocked === true;
  const block = () => {
    setConfirming(false);
    orgs.send({ type: 'orgs.blockSet', userId, blocked: !blocked });
  };
  return (
    <section aria-labelledby={orgsAdminId} className="flex flex-col gap-3 px-4 py-3">
      <h4 id={orgsAdminId} className="font-semibold">
        {t('orgs.admin.title')}
      </h4>
      <PanelError error={error} />
      {blocked ? (
        <p className="text-sm font-medium text-red-700 dark:text-red-300" role="status">
          {t('orgs.admin.blocked')}
        </p>
      ) : null}
      <UserRights userId={userId} />
      {account && !account.admin ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="plain" className="border border-line" disabled={busy.includes('block')} onClick={() => setConfirming(true)}>
            {t(blocked ? 'orgs.admin.unblock' : 'orgs.admin.block')}
          </Button>
          <Button
            variant="plain"
            className="border border-line"
            disabled={busy.includes('endSessions')}
            onClick={() => orgs.send({ type: 'orgs.allSessionsEnded', userId })}
          >
            {t('orgs.admin.endSessions')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t(blocked ? 'orgs.admin.unblockConfirm.title' : 'orgs.admin.blockConfirm.title', { name })}
        text={t(blocked ? 'orgs.admin.unblockConfirm.text' : 'orgs.admin.blockConfirm.text')}
        confirm={t(blocked ? 'orgs.admin.unblock' : 'orgs.admin.block')}
        onConfirm={block}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
