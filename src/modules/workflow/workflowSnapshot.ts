/**
 * The snapshot step's action (spec 001 §4 "stamp or send a snapshot"): the item as it stands, as a
 * PDF filed among its files (an Attachment), in the transaction that moves the step. Each shown
 * property is a line "label: value", values as a person reads them (list values and related items
 * by their labels, dates DD-MMM-YYYY), rich text as itself.
 */
import { renderPdf } from '../../server/documents/renderPdf';
import { storeNewFile } from '../../server/files/objectStore';
import { listValues } from '../../server/lov/listValues';
import type { StepContext } from '../../server/workflow/StepBehaviour';
import { modules } from '../index';
import { itemTypes } from '../../shared/itemTypes';
import type { ItemData, PropertyDef } from '../../shared/items/types';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** YYYY-MM-DD[THH:mm] as the app shows dates. */
function shownDate(value: string, withTime: boolean): string {
  const [y, m, d] = value.slice(0, 10).split('-');
  const month = MONTHS[Number(m) - 1];
  if (!y || !month || !d) return value;
  return `${d}-${month}-${y}${withTime && value.length > 10 ? ` ${value.slice(11, 16)}` : ''}`;
}

const escape = (text: string): string => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const labels = (): Readonly<Record<string, string>> => Object.assign({}, ...modules.map((m) => m.labels));

/** The PDF's name: the item's label made a file name. */
const fileName = (label: string, day: string): string => {
  const base = label
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return `${base ? `${base}-` : ''}snapshot-${day}.pdf`;
};

/** Writes the snapshot of `ctx.item`, files it as an Attachment, and answers what the step and the item keep of it. */
export async function takeSnapshot(ctx: StepContext): Promise<{ props: ItemData; item: ItemData }> {
  const { item, services, tx, author, now } = ctx;
  const type = itemTypes.get(item.type)!;
  const words = labels();
  const related = Object.entries(type.properties)
    .filter(([, def]) => def.kind === 'REL')
    .flatMap(([name]) => [item.data[name]].flat())
    .map((v) => (v as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === 'string');
  const names = await services.items.labels(ctx.caller, related);
  const listLabels = new Map<string, Map<string, string>>();
  const valueOf = async (def: PropertyDef, value: unknown): Promise<string> => {
    const many = Array.isArray(value) ? value : [value];
    if (def.kind === 'REL')
      return many
        .map((v) => names[(v as { id: string }).id] ?? '')
        .filter(Boolean)
        .join(', ');
    if (def.kind === 'LOV' && def.list) {
      if (!listLabels.has(def.list)) {
        const found = await listValues(tx, ctx.caller, { locale: 'en', listName: def.list, includeArchived: true });
        listLabels.set(def.list, new Map(Object.values(found).flatMap((entries) => entries.map((e) => [e.key, e.label] as const))));
      }
      return many.map((v) => listLabels.get(def.list!)!.get(String(v)) ?? String(v)).join(', ');
    }
    if (def.kind === 'SEL') return many.map((v) => words[`options.${String(v)}`] ?? String(v)).join(', ');
    if (def.kind === 'DT' || def.kind === 'DTM') return shownDate(String(value), def.kind === 'DTM');
    if (def.kind === 'BOOL') return value ? 'Yes' : 'No';
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    return '';
  };
  const parts: string[] = [];
  for (const [name, def] of Object.entries(type.properties)) {
    const value = item.data[name];
    if (def.internal || def.kind === 'ATT' || name.startsWith('$') || value === undefined || value === null || value === '') continue;
    const label = escape(words[def.t ?? `types.${type.name}.${name}`] ?? name);
    if (def.kind === 'HTM') parts.push(`<h3>${label}</h3>${String(value)}`);
    else {
      const shown = await valueOf(def, value);
      if (shown) parts.push(`<p><strong>${label}:</strong> ${escape(shown)}</p>`);
    }
  }
  const title = `${item.label} (${shownDate(now.toISOString(), true)})`;
  const bytes = await renderPdf({
    title,
    letterhead: services.config.siteName,
    subhead: title,
    html: parts.join('\n'),
  });
  const uploadId = await storeNewFile(services.config, bytes);
  const attProp = Object.entries(type.properties).find(([, def]) => def.kind === 'ATT')?.[0];
  const name = fileName(item.label, now.toISOString().slice(0, 10));
  const made = await services.items.create(
    author,
    'Attachment',
    {
      originalName: name,
      fileID: uploadId,
      uppyID: uploadId,
      filetype: 'application/pdf',
      size: bytes.length,
      kind: 'DOCUMENT',
      relType: item.type,
      relIndex: item.idx,
      ...(attProp ? { relProp: attProp } : {}),
      $access: item.access,
    },
    { admin: true, tx },
  );
  const entry = { id: made.id, uppyID: uploadId, originalName: name, size: bytes.length, kind: 'DOCUMENT', filetype: 'application/pdf' };
  const files = attProp && Array.isArray(item.data[attProp]) ? (item.data[attProp] as ItemData[]) : [];
  return {
    props: { snapshotAt: now.toISOString(), snapshot: { id: made.id } },
    item: attProp ? { [attProp]: [...files, entry] } : {},
  };
}
