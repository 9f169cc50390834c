/**
 * The user's tab as live-assist sees it (issue 18): builds the live view from the session's actors
 * (the router's location and columns, each column's item, form and results, the list cache for the
 * labels of list values) and from the page (the focused field, the scroll), tells when any of them
 * changes, and replays an agent's command as the actor event a click would send: the router's
 * link, a column opened, a form field changed. Password fields and the token are never read.
 */
import type { IntlShape } from '@formatjs/intl';
import type { AnyActorRef, Subscription } from 'xstate';
import type { LiveTab } from '../../../../machines/assist/liveStream';
import { lovValues } from '../../../../machines/item/lovMachine';
import type { RouterCell } from '../../../../machines/router/routerMachine';
import { getLov, getRouter, type SystemLike } from '../../../../machines/systemIds';
import { itemTypes } from '../../../shared/itemTypes';
import { LOV_OTHER_MARKER } from '../../../shared/constants';
import { ownerOrgOf } from '../../../shared/items/ownerOrgOf';
import type { Item, ItemData, ItemTypeDef, PropertyDef } from '../../../shared/items/types';
import { formatDate, formatImpreciseDate } from '../../../client/items/fields/formatDate';
import { labelKey } from '../../../client/items/labelKey';
import { SECRET_FIELD, type LiveCell, type LiveField, type LiveView } from '../liveView';
import type { AssistCommand } from '../protocol';

/** Most result lines a column sends (the agent sees the first screenful, as the user does). */
const MAX_LINES = 30;
/**
 * Field kinds an agent may fill: text typed as the user would type it. The others (choices, dates,
 * relations, files) hold stored values the console does not show, so they keep the user's own pickers.
 */
const FILLABLE = new Set(['textField', 'NUM']);

export interface LiveTabDeps {
  system: SystemLike;
  intl: IntlShape;
  win: Window & typeof globalThis;
}

interface CellParts {
  title: string | null;
  item: AnyActorRef | null;
  form: AnyActorRef | null;
  results: AnyActorRef | null;
}

const contextOf = <C>(ref: AnyActorRef | null): C | null => (ref ? (ref.getSnapshot() as { context: C }).context : null);
const isBlank = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const stripTags = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The browser's {@link LiveTab}. */
export function createLiveTab({ system, intl, win }: LiveTabDeps): LiveTab {
  const doc = win.document;
  const t = (key: string): string => (key in intl.messages ? intl.formatMessage({ id: key }) : key);
  const typeLabel = (name: string): string => {
    const text = t(`types.${name}`);
    return text === `types.${name}` ? name : text.charAt(0).toUpperCase() + text.slice(1);
  };

  const lovLabel = (list: string, owner: string | null, key: string): string => {
    if (key === LOV_OTHER_MARKER) return t('app.lov.other');
    const lov = getLov(system);
    const values = lov ? lovValues(lov.getSnapshot(), list, owner) : [];
    return values.find((v) => v.key === key)?.label ?? key;
  };

  /** A value as its kind shows it, as text. */
  const valueText = (def: PropertyDef, value: unknown, item: ItemData | null): string => {
    const many = Array.isArray(value) ? value : [value];
    const labels = (item as Item | null)?.$labels ?? {};
    switch (def.kind) {
      case 'BOOL':
        return value === true ? t('app.field.yes') : value === false ? t('app.field.no') : '';
      case 'DT':
      case 'DTM':
        return typeof value === 'string' ? formatDate(value, def.kind === 'DTM') : '';
      case 'impreciseDate':
        return typeof value === 'string' ? formatImpreciseDate(value) : '';
      case 'HTM':
        return typeof value === 'string' ? stripTags(value) : '';
      case 'SEL':
        return many.map((v) => (`options.${String(v)}` in intl.messages ? t(`options.${String(v)}`) : String(v))).join(', ');
      case 'LOV': {
        return many.map((v) => lovLabel(def.list ?? '', ownerOrgOf(item), String(v))).join(', ');
      }
      case 'REL':
        return many
          .map((v) => {
            const id = typeof v === 'string' ? v : typeof v === 'object' && v !== null ? String((v as { id?: unknown }).id ?? '') : '';
            return labels[id] ?? typeLabel(id.split('-')[0] ?? '');
          })
          .join(', ');
      case 'ATT':
        return many.map((v) => (typeof v === 'object' && v !== null ? String((v as { name?: unknown }).name ?? '') : '')).join(', ');
      case 'GEO':
        return isBlank(value) ? '' : t('assist.live.place');
      case 'textField':
      case 'NUM':
        return many.map((v) => (v === null || v === undefined ? '' : String(v))).join(', ');
      default:
        return many.length > 0 && !isBlank(value) ? t('assist.live.filled') : '';
    }
  };

  const fieldsOf = (type: ItemTypeDef, data: ItemData, all: boolean): LiveField[] => {
    const out: LiveField[] = [];
    for (const [name, def] of Object.entries(type.properties)) {
      if (def.internal || SECRET_FIELD.test(name)) continue;
      const value = data[name];
      if (!all && isBlank(value)) continue;
      const field: LiveField = { name, label: t(labelKey(type, name, def)), value: valueText(def, value, data) };
      if (all && FILLABLE.has(def.kind) && !def.readOnly) field.fillable = true;
      out.push(field);
    }
    return out;
  };

  const partsOf = (cell: RouterCell): CellParts => {
    const c = contextOf<CellParts>(cell.ref)!;
    return { title: c.title, item: c.item, form: c.form, results: c.results };
  };

  const cellView = (cell: RouterCell): LiveCell => {
    const parts = partsOf(cell);
    const key = cell.spec.key;
    const base = { key, title: parts.title ?? '', typeLabel: null, mode: 'view' as const, fields: [], lines: [] };
    const form = contextOf<{ typeName: string; draft: ItemData }>(parts.form);
    const itemContext = contextOf<{ item: Item | null; allowed: Record<string, boolean> }>(parts.item);
    const item = itemContext?.item ?? null;
    const typeName = form?.typeName ?? item?._t ?? (cell.spec.kind === 'item' ? cell.spec.itemId?.split('-')[0] : undefined);
    const type = typeName ? itemTypes.get(typeName) : undefined;
    // An existing item's form the user may not use shows them its read screen's refusal, not the form.
    const formShown = form !== null && (!item || itemContext?.allowed.update !== false);
    if (type && form && formShown)
      return { ...base, typeLabel: typeLabel(type.name), mode: 'edit', fields: fieldsOf(type, { ...item, ...form.draft }, true) };
    if (type && item) return { ...base, typeLabel: typeLabel(type.name), mode: 'read', fields: fieldsOf(type, item, false) };
    if (type) return { ...base, typeLabel: typeLabel(type.name) };
    const results = contextOf<{ ids: string[]; labels: Record<string, string> }>(parts.results);
    if (results) {
      const lines = results.ids
        .slice(0, MAX_LINES)
        .map((id) => ({ label: results.labels[id] ?? typeLabel(id.split('-')[0] ?? ''), segment: `i-${id}` }));
      return { ...base, lines };
    }
    return base;
  };

  const focusOf = (): LiveView['focus'] => {
    const el = doc.activeElement as HTMLElement | null;
    if (!el || !(el instanceof win.HTMLInputElement || el instanceof win.HTMLTextAreaElement || el instanceof win.HTMLSelectElement))
      return null;
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? '';
    return { cellKey: el.closest('[data-cell]')?.getAttribute('data-cell') ?? null, label: labelled.trim() };
  };

  const snapshot = (): LiveView => {
    const router = getRouter(system);
    const ctx = router?.getSnapshot().context;
    const loc = ctx?.location;
    return {
      path: loc ? `${loc.path}${loc.search ? `?${loc.search.replace(/^\?/, '')}` : ''}` : win.location.pathname,
      cells: (ctx?.cells ?? []).map(cellView),
      focus: focusOf(),
      scrollY: Math.round(win.scrollY),
      hidden: doc.visibilityState === 'hidden',
    };
  };

  const subscribe = (onChange: () => void): (() => void) => {
    const router = getRouter(system);
    let watched: Subscription[] = [];
    let actors: AnyActorRef[] = [];
    const rewatch = (): void => {
      const next: AnyActorRef[] = [];
      for (const cell of router?.getSnapshot().context.cells ?? []) {
        const parts = partsOf(cell);
        next.push(cell.ref, ...[parts.item, parts.form, parts.results].filter((a): a is AnyActorRef => a !== null));
      }
      const lov = getLov(system);
      if (lov) next.push(lov);
      if (next.length === actors.length && next.every((a, i) => a === actors[i])) return;
      for (const s of watched) s.unsubscribe();
      actors = next;
      watched = next.map((a) =>
        a.subscribe(() => {
          rewatch();
          onChange();
        }),
      );
    };
    const routerWatch = router?.subscribe(() => {
      rewatch();
      onChange();
    });
    rewatch();
    const onPage = (): void => onChange();
    doc.addEventListener('focusin', onPage);
    doc.addEventListener('focusout', onPage);
    doc.addEventListener('visibilitychange', onPage);
    win.addEventListener('scroll', onPage, { passive: true });
    return () => {
      routerWatch?.unsubscribe();
      for (const s of watched) s.unsubscribe();
      doc.removeEventListener('focusin', onPage);
      doc.removeEventListener('focusout', onPage);
      doc.removeEventListener('visibilitychange', onPage);
      win.removeEventListener('scroll', onPage);
    };
  };

  const replay = (command: AssistCommand): boolean => {
    const router = getRouter(system);
    if (!router) return false;
    const cells = router.getSnapshot().context.cells;
    if (command.type === 'navigate') {
      router.send({ type: 'router.linkFollowed', href: command.path, newTab: false });
      return true;
    }
    if (command.type === 'open') {
      if (!cells.some((c) => c.spec.key === command.fromKey)) return false;
      router.send({ type: 'router.opened', fromKey: command.fromKey, segment: command.segment });
      return true;
    }
    // A fill: only a plain property of the form an open column shows, never a password or an internal one.
    const cell = cells.find((c) => c.spec.key === command.cellKey);
    const form = cell ? partsOf(cell).form : null;
    const typeName = contextOf<{ typeName: string }>(form)?.typeName;
    const def = typeName ? itemTypes.get(typeName)?.properties[command.name] : undefined;
    const itemContext = cell ? contextOf<{ item: Item | null; allowed: Record<string, boolean> }>(partsOf(cell).item) : null;
    if (itemContext?.item && itemContext.allowed.update === false) return false;
    if (!form || !def || def.internal || def.readOnly || SECRET_FIELD.test(command.name) || !FILLABLE.has(def.kind)) return false;
    const field = doc.querySelector(`[data-cell="${CSS.escape(command.cellKey)}"] [name="${CSS.escape(command.name)}"]`);
    if (field instanceof win.HTMLInputElement && field.type === 'password') return false;
    const value =
      def.kind === 'NUM' && typeof command.value === 'string' && command.value.trim() !== '' ? Number(command.value) : command.value;
    if (typeof value === 'number' && Number.isNaN(value)) return false;
    form.send({ type: 'form.changed', name: command.name, value });
    return true;
  };

  return { snapshot, subscribe, replay };
}
