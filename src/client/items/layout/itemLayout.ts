/**
 * Where an item's properties go on its read screen and form (issue 16): the titled sections the type
 * declares (ItemTypeDef.layout), a side column for people and dates, and full-width sections for rich
 * text and attachments. A type without a declaration, and any property a declaration does not name
 * (a module adding one later), is placed by its kind: relations and dates to the side, rich text and
 * attachments each in a full-width section of its own titled by its label, the rest in "Details".
 */
import type { ItemTypeDef, PropertyDef, PropertyKind } from '../../../shared/items/types';
import { labelKey } from '../labelKey';

/** One section as placed: its heading's message key and the properties it shows, in order. */
export interface PlacedSection {
  key: string;
  title: string;
  properties: string[];
  /** Spans the whole width below the two columns. */
  wide: boolean;
  /** The section holds one property that names it (rich text, attachments): its heading is the label. */
  titledByProperty: boolean;
}

/** The placement of the given properties: main sections, side column, full-width sections. */
export interface PlacedLayout {
  main: PlacedSection[];
  side: string[];
  wide: PlacedSection[];
}

const SIDE_KINDS: ReadonlySet<PropertyKind> = new Set(['REL', 'DT', 'DTM', 'impreciseDate']);
const WIDE_KINDS: ReadonlySet<PropertyKind> = new Set(['HTM', 'ATT', 'GEO']);

/** The heading of a declared section: its own label, else the shared `app.section.{key}`. */
export const sectionTitleKey = (section: { key: string; t?: string }): string => section.t ?? `app.section.${section.key}`;

/** Where a property no declaration names goes, by its kind. */
function derivedPlace(def: PropertyDef): 'side' | 'wide' | 'main' {
  if (WIDE_KINDS.has(def.kind)) return 'wide';
  if (SIDE_KINDS.has(def.kind)) return 'side';
  return 'main';
}

/**
 * Places `names` (the properties the screen shows, in the type's order) by `type`'s declaration and
 * the derived rules; sections left without a property are left out.
 */
export function placeProperties(type: ItemTypeDef, names: readonly string[]): PlacedLayout {
  const shown = new Set(names);
  const placed = new Set<string>();
  const main: PlacedSection[] = [];
  const wide: PlacedSection[] = [];
  const side: string[] = [];
  const declared = type.layout;
  for (const section of declared?.sections ?? []) {
    const properties = section.properties.filter((name) => shown.has(name) && !placed.has(name));
    properties.forEach((name) => placed.add(name));
    if (properties.length === 0) continue;
    const entry: PlacedSection = {
      key: section.key,
      title: sectionTitleKey(section),
      properties,
      wide: section.wide === true,
      titledByProperty: false,
    };
    (entry.wide ? wide : main).push(entry);
  }
  for (const name of declared?.side ?? []) {
    if (shown.has(name) && !placed.has(name)) {
      side.push(name);
      placed.add(name);
    }
  }
  const details: string[] = [];
  for (const name of names) {
    if (placed.has(name)) continue;
    const def = type.properties[name];
    if (!def) continue;
    const place = derivedPlace(def);
    if (place === 'side') side.push(name);
    else if (place === 'main') details.push(name);
    else wide.push({ key: name, title: labelKey(type, name, def), properties: [name], wide: true, titledByProperty: true });
  }
  if (details.length > 0) {
    // Joins a declared "details" section rather than making a second one.
    const existing = main.find((s) => s.key === 'details');
    if (existing) existing.properties.push(...details);
    else
      main.push({ key: 'details', title: sectionTitleKey({ key: 'details' }), properties: details, wide: false, titledByProperty: false });
  }
  return { main, side, wide };
}

/** One group of a form: a legend (none for a field that names itself, or a form of one group) and its fields. */
export interface FormGroup {
  key: string;
  legend: string | null;
  properties: string[];
}

/**
 * The form's groups: the same sections as the read screen, in one column; the side column's people and
 * dates as a group of their own, first when it holds what other fields depend on (the `owner` whose
 * lists the list fields draw from, an organisation whose contacts are chosen), else after the sections.
 */
export function formGroups(type: ItemTypeDef, names: readonly string[]): FormGroup[] {
  const layout = placeProperties(type, names);
  const anchors = new Set(['owner', ...(type.orgContacts ?? []).map((pair) => pair.org)]);
  const side: FormGroup[] = layout.side.length ? [{ key: 'side', legend: 'app.section.side', properties: layout.side }] : [];
  const main = layout.main.map((s) => ({ key: s.key, legend: s.title, properties: s.properties }));
  const wide = layout.wide.map((s) => ({ key: s.key, legend: s.titledByProperty ? null : s.title, properties: s.properties }));
  const groups = layout.side.some((name) => anchors.has(name)) ? [...side, ...main, ...wide] : [...main, ...side, ...wide];
  if (groups.length === 1) groups[0]!.legend = null;
  return groups;
}
