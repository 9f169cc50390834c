/**
 * Virtual types (spec 001 §3: consultAttachment, geokeeperAttachment): searchable views of the
 * Attachments of some parent types, each joined with properties of its parent item. They are never
 * stored: the server searches and reads them from the Attachment and its parent, and the browser
 * shows them like any type (results, facets, displays, exports) because the registry holds their
 * definition, made here from the declaration and the two real types.
 */
import type { ItemTypeDef, PropertyDef } from './types';

/** What the definition of a virtual type keeps of its declaration. */
export type VirtualOf = NonNullable<ItemTypeDef['virtual']>;
/** The types a virtual type may be a view of. */
export type VirtualOver = VirtualOf['over'];

/** What a module declares (ModuleModel.virtualTypes). */
export interface VirtualTypeDecl {
  /** The type's name, as searches (`_`) and ids (`{name}-{index of the Attachment}`) say it. */
  name: string;
  over: VirtualOver;
  /** The relation property that names the parent item (spec 001: `consultation`, `fieldData`). */
  parent: string;
  /** The types whose attachments it shows. */
  parentTypes: readonly string[];
  /** The parent's properties it shows beside the attachment's own, under the same names. */
  parentProperties: readonly string[];
  /** The table's columns; the file name, kind, size and the parent's properties when left out. */
  defaultHeaders?: readonly string[];
  icon?: string;
}

/** The attachment's own properties a virtual type shows (the file's id and the relation stay the server's). */
export const ATTACHMENT_VIEW_PROPERTIES = ['originalName', 'size', 'kind', 'filetype'] as const;
/** The file name's extension, lower case, derived where it is read (spec 001 §3 `extension`). */
export const EXTENSION = 'extension';

/** A virtual item's id from the index of the Attachment it shows. */
export const virtualId = (type: string, attachmentIndex: number): string => `${type}-${attachmentIndex}`;

/** The id of the stored item a virtual id shows (`journalAttachment-12` shows `Attachment-12`); other ids as they are. */
export function storedIdOf(id: string, typeOf: (name: string) => ItemTypeDef | undefined): string {
  const dash = id.indexOf('-');
  const over = dash > 0 ? typeOf(id.slice(0, dash))?.virtual?.over : undefined;
  return over ? `${over}${id.slice(dash)}` : id;
}

/** A property of another type shown read-only in a virtual type: no form rules, its label key its own. */
function shown(def: PropertyDef): PropertyDef {
  const { required: _required, notBlank: _notBlank, t: _t, ...rest } = def;
  return { ...rest, readOnly: true };
}

/**
 * The definition of a virtual type from its declaration and the registered real types; throws, naming
 * the declaration, when a type or property it names is missing or a name is taken twice.
 */
export function virtualTypeDef(decl: VirtualTypeDecl, typeOf: (name: string) => ItemTypeDef | undefined): ItemTypeDef {
  const fail = (why: string): never => {
    throw new Error(`Virtual type ${decl.name}: ${why}`);
  };
  const over = typeOf(decl.over) ?? fail(`no type ${decl.over}`);
  if (decl.parentTypes.length === 0) fail('no parent types');
  const parents = decl.parentTypes.map((name) => typeOf(name) ?? fail(`no parent type ${name}`));
  if (parents.some((p) => p.virtual)) fail('a parent type is virtual');
  const properties: Record<string, PropertyDef> = {};
  const add = (name: string, def: PropertyDef) => {
    if (Object.hasOwn(properties, name)) fail(`${name} is named twice`);
    properties[name] = def;
  };
  for (const name of ATTACHMENT_VIEW_PROPERTIES) add(name, shown(over.properties[name] ?? fail(`${decl.over} has no ${name}`)));
  add(EXTENSION, { kind: 'textField', readOnly: true, maxLength: 20, facet: { kind: 'terms' } });
  add(decl.parent, { kind: 'REL', relTypes: decl.parentTypes, readOnly: true, facet: { kind: 'terms' } });
  for (const name of decl.parentProperties) {
    if (name.startsWith('$') || name.startsWith('_')) fail(`${name} is not a stored property`);
    const def = parents.map((p) => p.properties[name]).find((d) => d !== undefined) ?? fail(`no parent type has ${name}`);
    add(name, shown(def));
  }
  return {
    name: decl.name,
    defaultIcon: decl.icon ?? over.defaultIcon,
    defaultAccess: over.defaultAccess,
    properties,
    label: over.label,
    listItem: { title: 'originalName', subtitle: decl.parent, icon: decl.icon ?? over.defaultIcon },
    defaultHeaders: decl.defaultHeaders ?? ['originalName', 'kind', 'size', ...decl.parentProperties],
    // Its items are the attachments general search already finds.
    excludeGeneralSearch: true,
    adminCreateOnly: true,
    virtual: { over: decl.over, parent: decl.parent, parentTypes: decl.parentTypes, parentProperties: decl.parentProperties },
  };
}
