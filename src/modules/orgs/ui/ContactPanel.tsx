/**
 * The Contact item's own part of its read screen (spec 001 §3, §6): how its account stands (none,
 * invited, active and last seen, blocked, never signed in), Invite for a contact without an account
 * and Resend invitation (confirmed) for an invited one, for those the invite permission allows.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { isActionAllowed, type ItemSnapshot } from '../../../../machines/item/itemMachine';
import { selectDedicated } from '../../../../machines/orgs/orgsAdminMachine';
import type { ItemPanelProps } from '../../../client/items/itemPanels';
import { useT } from '../../../client/i18n/useT';
import { Button } from '../../../client/shell/Button';
import { RelativeTime } from '../../../client/items/display/RelativeTime';
import { ConfirmDialog } from './ConfirmDialog';
import { PanelError } from './PanelError';
import { useOrgsAdmin } from './useOrgsAdmin';
import { useContactEntry } from './useUserEntry';

const selectMayInvite = (s: ItemSnapshot): boolean => isActionAllowed(s, 'invite') === true;
/** States with an account still to be invited to: no account yet, or one whose password is not set. */
const INVITABLE = new Set(['NONE', 'INVITED']);

/** User state and invitation of one contact. */
export function ContactPanel({ item, itemRef }: ItemPanelProps) {
  const t = useT();
  const orgs = useOrgsAdmin();
  const id = item.$id;
  const dedicated = useSelector(orgs, selectDedicated);
  const mayInvite = useSelector(itemRef, selectMayInvite);
  const { userState, lastSeen, busy, invited, error } = useContactEntry(orgs, id);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => itemRef.send({ type: 'item.allowedAsked', actions: ['invite'] }), [itemRef]);
  // Asked whenever the panel is shown, and again when the person comes back to the tab: accepting an
  // invitation changes an account, not the contact, so no item change tells the open screen.
  useEffect(() => {
    const ask = () => orgs.send({ type: 'orgs.userStatesRequested', contactIds: [id] });
    const onShow = () => (document.visibilityState === 'visible' ? ask() : undefined);
    ask();
    document.addEventListener('visibilitychange', onShow);
    window.addEventListener('focus', ask);
    return () => {
      document.removeEventListener('visibilitychange', onShow);
      window.removeEventListener('focus', ask);
    };
  }, [orgs, id]);

  // Until the state is known nothing is offered: an Invite to a user would only be refused.
  const mayBeInvited = userState !== null && INVITABLE.has(userState);
  const resend = userState === 'INVITED' || (invited && userState !== 'NONE');
  const email = typeof item.email === 'string' ? item.email : '';
  const invite = () => {
    setConfirming(false);
    orgs.send({ type: 'orgs.inviteRequested', contactId: id });
  };
  if (!dedicated && !mayInvite) return null;
  return (
    <section aria-labelledby={`orgs-user-${id}`} className="flex flex-col gap-2 px-4 py-3">
      <h4 id={`orgs-user-${id}`} className="font-semibold">
        {t('orgs.contact.title')}
      </h4>
      <p className="text-sm" data-testid="user-state">
        {userState ? t(`orgs.userState.${userState}`) : t('app.loading')}
      </p>
      {lastSeen ? (
        <p className="text-sm" data-testid="user-last-seen">
          {t('orgs.contact.lastSeen')} <RelativeTime iso={lastSeen} />
        </p>
      ) : null}
      <PanelError error={error} />
      {mayInvite && mayBeInvited ? (
        <div>
          <Button variant="plain" className="border border-line" disabled={busy} onClick={() => (resend ? setConfirming(true) : invite())}>
            {t(resend ? 'orgs.contact.resend' : 'orgs.contact.invite')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('orgs.contact.resendConfirm.title')}
        text={t('orgs.contact.resendConfirm.text', { email })}
        confirm={t('orgs.contact.resend')}
        onConfirm={invite}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
