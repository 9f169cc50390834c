/** Which lists of values a caller may edit for one owner, as act/lovRights answers (docs/permissions.md). */
export interface LovRights {
  /** Each list a module gave a right (ListDef.editRight): whether the caller holds it for the owner. */
  lists: Record<string, boolean>;
  /** Whether the caller may add values to the lists without a right, for the owner (the generic rule). */
  others: boolean;
}

/** Whether `rights` let the caller edit the values of `list`. */
export const mayEditList = (rights: LovRights, list: string): boolean =>
  Object.hasOwn(rights.lists, list) ? rights.lists[list] === true : rights.others;
