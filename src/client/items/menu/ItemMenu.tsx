/**
 * The item cell's menu (spec 000 §2 Layout): meta and timeline with a valid token, raw edit for
 * administrators and masquerading users, notification settings for a signed-in user.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { selectItem, type ItemActorRef } from '../../../../machines/item/itemMachine';
import type { CellActorRef, CellSnapshot } from '../../../../machines/router/cellMachine';
import { selectTokenValid, selectUser, type AuthSnapshot } from '../../../../machines/session/authSelectors';
import { useT } from '../../i18n/useT';
import { useActors } from '../../session/useActors';
import { Menu, MenuEntry, MenuText } from '../../shell/Menu';
import { DisplayIcon } from '../display/DisplayIcon';
import { MetaDialog } from './MetaDialog';
import { NotifyDialog } from './NotifyDialog';
import { RawEditDialog } from './RawEditDialog';

type Dialog = 'meta' | 'raw' | 'notify' | null;

const selectItemRef = (s: CellSnapshot): ItemActorRef | null => s.context.item;
const selectKey = (s: CellSnapshot): string => s.context.spec.key;
const selectAdmin = (s: AuthSnapshot): boolean => selectUser(s)?.admin === true;
const selectMasquerading = (s: AuthSnapshot): boolean => Boolean(selectUser(s)?.masquerading);
const selectSignedIn = (s: AuthSnapshot): boolean => selectUser(s) !== null;

/** The "more" menu of an item cell's toolbar; nothing for a cell without a stored item. */
export function ItemMenu({ cell }: { cell: CellActorRef }) {
  const itemRef = useSelector(cell, selectItemRef);
  return itemRef ? <ItemMenuFor cell={cell} itemRef={itemRef} /> : null;
}

function ItemMenuFor({ cell, itemRef }: { cell: CellActorRef; itemRef: ItemActorRef }) {
  const t = useT();
  const { auth, router } = useActors();
  const key = useSelector(cell, selectKey);
  const item = useSelector(itemRef, selectItem);
  const tokenValid = useSelector(auth, selectTokenValid);
  const admin = useSelector(auth, selectAdmin);
  const masquerading = useSelector(auth, selectMasquerading);
  const signedIn = useSelector(auth, selectSignedIn);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = useCallback(() => setDialog(null), []);
  const label = t('app.itemMenu.label');

  return (
    <>
      <Menu
        label={label}
        trigger={<DisplayIcon name="moreVert" />}
        triggerClassName="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-black/5 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-white/10"
        contentClassName="z-40 min-w-56 rounded-lg border border-line bg-panel p-1 shadow-lg"
        sideOffset={4}
      >
        {tokenValid ? (
          <MenuEntry disabled={!item} onSelect={() => setDialog('meta')}>
            <DisplayIcon name="info" /> {t('app.itemMenu.meta')}
          </MenuEntry>
        ) : null}
        {tokenValid ? (
          <MenuEntry onSelect={() => router.send({ type: 'router.opened', fromKey: key, segment: 'timeline' })}>
            <DisplayIcon name="history" /> {t('app.itemMenu.timeline')}
          </MenuEntry>
        ) : null}
        {admin || masquerading ? (
          <MenuEntry
            disabled={!item}
            onSelect={() => {
              itemRef.send({ type: 'item.rawEditOpened' });
              setDialog('raw');
            }}
          >
            <DisplayIcon name="code" /> {t('app.itemMenu.rawEdit')}
          </MenuEntry>
        ) : null}
        {signedIn ? (
          <MenuEntry
            onSelect={() => {
              itemRef.send({ type: 'item.notifyRequested' });
              setDialog('notify');
            }}
          >
            <DisplayIcon name="notifications" /> {t('app.itemMenu.notify')}
          </MenuEntry>
        ) : null}
        {!tokenValid && !signedIn ? <MenuText>{t('app.itemMenu.signInForMore')}</MenuText> : null}
      </Menu>
      {dialog === 'meta' && item ? <MetaDialog item={item} onClose={close} /> : null}
      {dialog === 'raw' && item ? <RawEditDialog itemRef={itemRef} item={item} admin={admin} onClose={close} /> : null}
      {dialog === 'notify' ? <NotifyDialog itemRef={itemRef} onClose={close} /> : null}
    </>
  );
}
