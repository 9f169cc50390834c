import type { ItemTypeDef } from './types';

/** The item types known to both sides, looked up by name. */
export class ItemTypeRegistry {
  private readonly types = new Map<string, ItemTypeDef>();

  constructor(defs: readonly ItemTypeDef[]) {
    for (const def of defs) {
      if (this.types.has(def.name)) throw new Error(`Item type ${def.name} is already registered`);
      this.types.set(def.name, def);
    }
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
