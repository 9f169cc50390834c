/**
 * admin.lovs: lists of values per owner (the site's own, or an organisation's): add values, translate
 * them, archive and restore them. The owner shown is the column's route parameter (`c{N}`).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import {
  selectAdminIds,
  selectAdminItems,
  selectAdminItemsError,
  selectAdminItemsStatus,
  selectAdminLabels,
  selectAdminSaveError,
  selectAdminSavingKey,
  type AdminItemsActorRef,
} from '../../../machines/admin/adminItemsMachine';
import type { CellActorRef } from '../../../machines/router/cellMachine';
import { SEARCH_MAX_ALL } from '../../shared/constants';
import type { Item } from '../../shared/items/types';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';
import { useActors } from '../session/useActors';
import { AdminError } from './AdminError';
import { LovAddForm, type LovDraft } from './LovAddForm';
import { LovValueEntry } from './LovValueEntry';
import { useCellViewActor } from '../layout/useCellViewActor';
import { selectUser, type AuthSnapshot } from '../../../machines/session/authSelectors';
import { callOf } from '../../shared/protocol/operationCall';
import { EVERY_LIST, useLovRights, type ListEditing } from './useLovRights';
import { operations } from '../../shared/protocol/operations';
import { adminItemsMachine } from '../../../machines/admin/adminItemsMachine';

/** The site's own lists (no owner organisation). */
const SITE = '_';
const VALUES_QUERY = { must: { _: 'LOVValue' }, max: SEARCH_MAX_ALL };
const ORGS_QUERY = { must: { _: 'Organization' }, max: SEARCH_MAX_ALL, labels: true };

type CellSnapshot = ReturnType<CellActorRef['getSnapshot']>;
const selectOwnerParam = (s: CellSnapshot): string => s.context.spec.routeParam ?? SITE;
const selectAdmin = (s: AuthSnapshot): boolean => selectUser(s)?.admin === true;

const ownerOf = (value: Item): string => {
  const owner = value.owner as { id?: unknown } | undefined;
  return typeof owner?.id === 'string' ? owner.id : SITE;
};

/** The values of `owner`, by list name (sorted), each list by key. */
function byList(values: Item[], owner: string): [string, Item[]][] {
  const lists = new Map<string, Item[]>();
  for (const value of values) {
    if (ownerOf(value) !== owner) continue;
    const list = String(value.list ?? '');
    lists.set(list, [...(lists.get(list) ?? []), value]);
  }
  return [...lists.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([list, entries]) => [list, entries.sort((a, b) => String(a.key).localeCompare(String(b.key)))]);
}

interface PanelProps {
  values: AdminItemsActorRef;
  orgs: AdminItemsActorRef;
  owner: string;
  onOwner: (owner: string) => void;
}

function LovsPanel({ values, orgs, owner, onOwner, editing }: PanelProps & { editing: ListEditing }) {
  const { mayEdit } = editing;
  const t = useT();
  const selectId = useId();
  const status = useSelector(values, selectAdminItemsStatus);
  const items = useSelector(values, selectAdminItems);
  const error = useSelector(values, selectAdminItemsError);
  const savingKey = useSelector(values, selectAdminSavingKey);
  const saveError = useSelector(values, selectAdminSaveError);
  const orgIds = useSelector(orgs, selectAdminIds);
  const orgLabels = useSelector(orgs, selectAdminLabels);
  const lists = byList(items, owner);
  const [formKey, setFormKey] = useState(0);
  // A list name typed into the add form that the server said this user may not edit: refused before sending.
  const [refusedList, setRefusedList] = useState<string | null>(null);
  useEffect(() => {
    if (savingKey === 'new' && status === 'LOADING') setFormKey((k) => k + 1);
  }, [savingKey, status]);
  const add = (draft: LovDraft) => {
    if (!mayEdit(draft.list)) {
      setRefusedList(draft.list);
      return;
    }
    setRefusedList(null);
    const b = {
      list: draft.list,
      key: draft.key,
      t: { en: draft.label },
      state: 'ACTIVE',
      ...(owner === SITE ? {} : { owner: { id: owner } }),
    };
    values.send({ type: 'adminItems.saved', key: 'new', call: callOf(operations.create, b, { type: 'LOVValue' }) });
  };
  return (
    <div className="flex flex-col gap-4 px-3 py-4">
      <div>
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium">
          {t('admin.lovs.owner')}
        </label>
        <select
          id={selectId}
          value={owner}
          onChange={(e) => onOwner(e.target.value)}
          className="w-full max-w-md rounded border border-line bg-surface px-3 py-2 text-ink"
        >
          <option value={SITE}>{t('admin.lovs.siteOwner')}</option>
          {orgIds.map((id) => (
            <option key={id} value={id}>
              {orgLabels[id] ?? id}
            </option>
          ))}
        </select>
      </div>
      {editing.anyList ? (
        <LovAddForm
          // Not keyed by the lists: they arrive after the form is shown, and remounting would lose what was typed.
          key={`${owner}:${formKey}`}
          list={lists.find(([list]) => mayEdit(list))?.[0] ?? ''}
          busy={status === 'SAVING'}
          error={refusedList !== null ? { userMessage: 'notAllowed' } : savingKey === 'new' ? saveError : null}
          onSubmit={add}
        />
      ) : null}
      <AdminError error={error} />
      {status === 'LOADING' && items.length === 0 ? (
        <p role="status" className="text-muted">
          {t('app.loading')}
        </p>
      ) : status !== 'FAILED' && lists.length === 0 ? (
        <p className="text-muted">{t('admin.lovs.none')}</p>
      ) : (
        lists.map(([list, entries]) => (
          <section key={list} aria-labelledby={`${selectId}-${list}`} className="flex flex-col gap-2">
            <h2 id={`${selectId}-${list}`} className="font-mono text-base font-semibold text-ink">
              {list}
            </h2>
            <ul className="flex flex-col gap-2">
              {entries.map((value) => (
                <LovValueEntry key={`${value.$id}:${value._u}`} actor={values} value={value} editable={mayEdit(list)} />
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}

/**
 * The panel for one owner: an administrator may edit every list; anyone else the lists the server says
 * they may edit for `owner`. One component either way, so that the administrator's flag arriving or
 * changing never remounts the add form and loses what was being typed into it.
 */
function OwnerLovsPanel({ cell, admin, ...props }: PanelProps & { cell: CellActorRef; admin: boolean }) {
  const asked = useLovRights(cell, props.owner === SITE ? null : props.owner);
  return <LovsPanel {...props} editing={admin ? EVERY_LIST : asked} />;
}

/** The lists-of-values screen; the server decides who may change whose lists (act/lovRights, then each change). */
export function LovsView({ cell, spec }: CellViewProps) {
  const t = useT();
  const { router, auth } = useActors();
  const admin = useSelector(auth, selectAdmin);
  const values = useCellViewActor(cell, 'values', adminItemsMachine, { query: VALUES_QUERY, readItems: true });
  const orgs = useCellViewActor(cell, 'organizations', adminItemsMachine, { query: ORGS_QUERY, readItems: false });
  const owner = useSelector(cell, selectOwnerParam);
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'list' }), [cell, title]);
  const onOwner = (next: string) => router.send({ type: 'router.paramSet', key: spec.key, param: next === SITE ? null : next });
  if (!values || !orgs) return null;
  const props = { values, orgs, owner, onOwner };
  // Keyed by owner: each owner's answer is its own question, asked when the owner is shown.
  return <OwnerLovsPanel key={owner} cell={cell} admin={admin} {...props} />;
}
