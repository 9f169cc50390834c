/**
 * An item cell (spec 000 §2, §4): the item's read screen, or its edit or create screen, drawn from the
 * type registry; while it loads a status line, when it is refused the warning box with the server's
 * system message, and a deleted item marked as such.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { selectDeleted, selectItem, selectItemError, type ItemActorRef, type ItemSnapshot } from '../../../machines/item/itemMachine';
import type { CellActorRef, CellSnapshot } from '../../../machines/router/cellMachine';
import type { CellSpec } from '../../../machines/router/parseLocation';
import { parseId } from '../../shared/ids';
import { itemTypes } from '../../shared/itemTypes';
import type { Item } from '../../shared/items/types';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';
import { Button } from '../shell/Button';
import { Icon } from '../shell/Icon';
import { Modal } from '../shell/Modal';
import { AddedOnItsItem, UPLOADED_TYPE } from './attachments/AddedOnItsItem';
import { CreateGate } from './CreateGate';
import { useTypeLabel } from './display/useTypeLabel';
import { ItemDetails } from './ItemDetails';
import { ItemEditor } from './ItemEditor';
import { ItemStatePanel, stateChartOf } from './ItemStatePanel';
import { RecordHeader } from './layout/RecordHeader';
import { ModulePanels } from './ModulePanels';
import { LazyImportPanel } from '../import/LazyImportPanel';
import { NotEditable } from './NotEditable';
import { RelatedItems } from './related/RelatedItems';
import { useItemAllowed } from './useItemAllowed';

const selectItemRef = (s: CellSnapshot): ItemActorRef | null => s.context.item;
const selectLoading = (s: ItemSnapshot): boolean => s.matches('LOADING');

/** The label the toolbar shows for an item: its own label, else (not read, or refused) its type's name, never its id. */
function itemTitle(item: Item | null, typeLabel: string): string {
  if (!item) return typeLabel;
  return item.$labels?.[item.$id] || itemTypes.get(item._t)?.label(item) || typeLabel;
}

function ErrorBox({ userMessage, sysMessage, onRetry }: { userMessage: string; sysMessage?: string | undefined; onRetry: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div
      role="alert"
      className="m-4 rounded border border-amber-500/60 bg-amber-50 p-4 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="flex items-center gap-2 font-medium">
        <Icon name="alert" className="h-5 w-5" />
        {t(userMessage.includes('.') ? userMessage : `errors.${userMessage}`)}
      </p>
      <div className="mt-3 flex gap-2">
        {sysMessage ? (
          <Button variant="plain" onClick={() => setOpen(true)}>
            {t('app.item.systemMessage')}
          </Button>
        ) : null}
        <Button variant="plain" onClick={onRetry}>
          {t('app.item.retry')}
        </Button>
      </div>
      <Modal
        open={open}
        title={t('app.item.systemMessage')}
        onClose={() => setOpen(false)}
        maxWidth={1024}
        actions={<Button onClick={() => setOpen(false)}>{t('app.ok')}</Button>}
      >
        <pre className="whitespace-pre-wrap break-words font-mono text-xs">{sysMessage}</pre>
      </Modal>
    </div>
  );
}

/** The read screen of an existing item, or its edit screen (context `edit`). */
function ExistingItem({ cell, spec, itemRef }: { cell: CellActorRef; spec: CellSpec; itemRef: ItemActorRef }) {
  const t = useT();
  const item = useSelector(itemRef, selectItem);
  const error = useSelector(itemRef, selectItemError);
  const loading = useSelector(itemRef, selectLoading);
  const deleted = useSelector(itemRef, selectDeleted);
  const editing = spec.context === 'edit';
  const typeName = (spec.itemId ?? '').split('-')[0] ?? '';
  const title = itemTitle(item, useTypeLabel()(typeName));
  const type = item ? itemTypes.get(item._t) : undefined;
  const stateChart = item ? stateChartOf(item._t) : undefined;
  // Edit is offered once the server said yes (not before: a button that vanishes on the answer is worse).
  const mayUpdate = useItemAllowed(itemRef, 'update');
  useEffect(() => {
    cell.send({
      type: 'cell.described',
      title,
      icon: type?.defaultIcon ?? itemTypes.get(typeName)?.defaultIcon ?? 'item',
      actionBtn: deleted || !item ? null : editing ? 'view' : mayUpdate === true ? 'edit' : null,
    });
  }, [cell, title, type, typeName, deleted, item, editing, mayUpdate]);

  if (error)
    return (
      <ErrorBox
        userMessage={error.userMessage}
        sysMessage={error.sysMessage}
        onRetry={() => itemRef.send({ type: 'item.retryRequested' })}
      />
    );
  if (loading || !item || !type) {
    return (
      <p role="status" className="px-4 py-6 text-muted">
        {t('app.item.loading')}
      </p>
    );
  }
  return (
    // The whole item screen keeps a width that reads well on a wide screen.
    <div className="mx-auto w-full max-w-5xl">
      {/* The read screen's state panel shows the state with its steps; the header shows it elsewhere. */}
      <RecordHeader item={item} type={type} title={title} showState={!stateChart || (editing && !deleted)} />
      {deleted ? (
        <p
          role="status"
          className="mx-4 mt-4 flex items-center gap-2 rounded bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
        >
          <Icon name="alert" className="h-4 w-4" />
          {t('app.item.deletedText')}
        </p>
      ) : null}
      {editing && !deleted ? (
        mayUpdate === true ? (
          <ItemEditor cell={cell} spec={spec} />
        ) : mayUpdate === false ? (
          <NotEditable spec={spec} typeName={item._t} />
        ) : (
          <p role="status" className="px-4 py-6 text-muted">
            {t('app.form.loading')}
          </p>
        )
      ) : (
        <>
          <ItemDetails item={item} type={type} mayEdit={mayUpdate === true && !deleted} />
          <RelatedItems item={item} cell={cell} />
          {stateChart ? <ItemStatePanel item={item} itemRef={itemRef} def={stateChart} /> : null}
          <LazyImportPanel item={item} itemRef={itemRef} cell={cell} />
          <ModulePanels item={item} itemRef={itemRef} cell={cell} />
        </>
      )}
    </div>
  );
}

/** The create screen of a new item (`i-{Type}-0`). */
function NewItem({ cell, spec }: { cell: CellActorRef; spec: CellSpec }) {
  const t = useT();
  const typeName = spec.itemId ? parseId(spec.itemId).type : '';
  // Files are not made on their own (AddedOnItsItem): the column is not titled "New attachment".
  const title = typeName === UPLOADED_TYPE ? t('app.att.files') : t('app.item.new', { type: t(`types.${typeName}`) });
  useEffect(
    () => cell.send({ type: 'cell.described', title, icon: itemTypes.get(typeName)?.defaultIcon ?? 'item', actionBtn: null }),
    [cell, title, typeName],
  );
  if (!itemTypes.has(typeName)) return <ErrorBox userMessage="unknownType" onRetry={() => undefined} />;
  if (typeName === UPLOADED_TYPE) return <AddedOnItsItem cell={cell} />;
  return (
    <CreateGate
      cell={cell}
      typeName={typeName}
      renderError={(userMessage, retry) => <ErrorBox userMessage={userMessage} onRetry={retry} />}
    >
      <ItemEditor cell={cell} spec={spec} />
    </CreateGate>
  );
}

/** The view of an item cell. */
export function ItemCellView({ cell, spec }: CellViewProps) {
  const itemRef = useSelector(cell, selectItemRef);
  if (!itemRef) return <NewItem cell={cell} spec={spec} />;
  return <ExistingItem cell={cell} spec={spec} itemRef={itemRef} />;
}
