/**
 * The actors a form keeps for its fields (a relation chooser per REL property, the uploads of an ATT one), handed to the field
 * components by name; a field without one starts its own under the session (see useSessionChild).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { AttUploadActorRef } from '../../../../machines/item/attUploadMachine';
import type { ItemFormActorRef } from '../../../../machines/item/itemFormMachine';
import type { RelPickerActorRef } from '../../../../machines/item/relPickerMachine';

/** Looks up the form's actor of one property. */
export interface FieldActors {
  relPicker(name: string): RelPickerActorRef | undefined;
  /** The uploads of an ATT property. */
  attUpload?(name: string): AttUploadActorRef | undefined;
  /** The form whose draft the fields edit: a field that depends on another property (a list of values on the owner) reads it there. */
  form?: ItemFormActorRef;
}

const Context = createContext<FieldActors | null>(null);

/** Provides the form's field actors to the field components below it. */
export function FieldActorsProvider({ actors, children }: { actors: FieldActors; children: ReactNode }) {
  return <Context.Provider value={actors}>{children}</Context.Provider>;
}

/** The form's field actors, or null outside a form that provides them. */
export function useFieldActors(): FieldActors | null {
  return useContext(Context);
}
