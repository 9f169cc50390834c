/**
 * The Contact item's own part of its read screen (spec 001 §3, §6): its user state where the
 * deployment keeps it, and Invite or Resend invitation (confirmed) for those the invite permission allows.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { isActionAllowed, type ItemSnapshot } from '../../../../machines/item/itemMachine';
import { selectDedicated } from '../../../../machines/orgs/orgsAdminMachine';
import type { ItemPanelProps } from '../../../client/items/itemPanels';
import { useT } from '../../../client/i18n/useT';
import { Button } from '../../../client/shell/Button';
import { ConfirmDialog } from './ConfirmDialog';
import { PanelError } from './PanelError';
import { useOrgsAdmin } from './useOrgsAdmin';
import { useContactEntry } from './useUserEntry';

const selectMayInvite = (s: ItemSnapshot): boolean => isActionAllowed(s, 'invite') === true;
/** States in which the contact is a user already: nothing to invite. */
const USERS = new Set(['BLOCKED', 'WEEK', 'DAYS_30', 'DAYS_60', 'DAYS_90', 'NORECENT', 'NEVER']);

/** User state and invitation of one contact. */
export function ContactPanel({ item, itemRef }: ItemPanelProps) {
  const t = useT();
  const orgs = useOrgsAdmin();
  const id = item.$id;
  const dedicated = useSelector(orgs, selectDedicated);
  const mayInvite = useSelector(itemRef, selectMayInvite);
  const { userState, busy, invited, error } = useContactEntry(orgs, id);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => itemRef.send({ type: 'item.allowedAsked', actions: ['invite'] }), [itemRef]);
  useEffect(() => orgs.send({ type: 'orgs.userStatesRequested', contactIds: [id] }), [orgs, id]);

  // Without user states (non-dedicated) an invitation is offered, and the server says if one is a user already.
  const isUser = userState !== null && USERS.has(userState);
  const resend = userState === 'INVITED' || invited;
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
      {dedicated ? (
        <p className="text-sm" data-testid="user-state">
          {userState ? t(`orgs.userState.${userState}`) : t('app.loading')}
        </p>
      ) : null}
      <PanelError error={error} />
      {mayInvite && !isUser ? (
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
