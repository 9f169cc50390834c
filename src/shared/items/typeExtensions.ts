/**
 * Properties one module adds to other modules' item types (docs/modules.md "Extending other modules'
 * types"): the workflow module gives every workflow-capable type (`ItemTypeDef.workflow`) its `_wf`
 * properties without the type's module naming it. The core composes them where it assembles the
 * product's types (src/shared/itemTypes.ts), so both sides see the extended types.
 */
import type { ItemTypeDef, PropertyDef } from './types';

/** Properties a module adds to every type `applies` accepts. */
export interface TypeExtension {
  /** Which types it extends (`(type) => type.workflow === true`). */
  applies: (type: ItemTypeDef) => boolean;
  /**
   * The properties added; give each a shared label (`t`), since the extended types are not the
   * module's to label one by one.
   */
  properties: Readonly<Record<string, PropertyDef>>;
}

/** Who extends types: a module by name (a `ModuleModel` fits). */
export interface TypeExtensionSource {
  name: string;
  typeExtensions?: readonly TypeExtension[];
}

/**
 * `defs` with every source's extensions applied: a new definition for each type extended, the
 * others as they were. A property the type (or another extension) already has stops the start,
 * naming the module: two meanings of one name would corrupt its values.
 */
export function extendTypes(defs: readonly ItemTypeDef[], sources: readonly TypeExtensionSource[]): ItemTypeDef[] {
  return defs.map((def) => {
    let properties: Record<string, PropertyDef> | null = null;
    for (const source of sources) {
      for (const ext of source.typeExtensions ?? []) {
        if (def.virtual || !ext.applies(def)) continue;
        properties ??= { ...def.properties };
        for (const [name, prop] of Object.entries(ext.properties)) {
          if (Object.hasOwn(properties, name)) throw new Error(`Module ${source.name} adds ${name} to ${def.name}, which already has one`);
          properties[name] = prop;
        }
      }
    }
    return properties ? { ...def, properties } : def;
  });
}
