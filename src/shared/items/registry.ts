import type { ItemTypeDef } from './types';
import { virtualTypeDef, type VirtualTypeDecl } from './virtualTypes';

/** The item types known to both sides, looked up by name. */
export class ItemTypeRegistry {
  private readonly types = new Map<string, ItemTypeDef>();

  /** `virtualTypes` are made from the real types among `defs` (src/shared/items/virtualTypes.ts). */
  constructor(defs: readonly ItemTypeDef[], virtualTypes: readonly VirtualTypeDecl[] = []) {
    for (const def of defs) this.add(def);
    for (const decl of virtualTypes) this.add(virtualTypeDef(decl, (name) => this.types.get(name)));
  }

  private add(def: ItemTypeDef): void {
    if (this.types.has(def.name)) throw new Error(`Item type ${def.name} is already registered`);
    this.types.set(def.name, def);
  }

  /** The type called `name`, or undefined. */
  get(name: string): ItemTypeDef | undefined {
    return this.types.get(name);
  }

  /** Whether a type called `name` exists. */
  has(name: string): boolean {
    return this.types.has(name);
  }

  /** Every registered type. */
  all(): ItemTypeDef[] {
    return [...this.types.values()];
  }
}
