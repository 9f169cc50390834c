/** The cell's gate for an item form (spec 000 §4 Cells): validate, save and reset as events to the form actor. */
import type { AnyActorRef } from 'xstate';
import type { FieldErrors } from '../../src/shared/items/itemSchema';
import type { CellGate } from '../router/cellGate';

/** How the last save ended, numbered so that the gate knows which one it waits for. */
export interface SaveOutcome {
  seq: number;
  /** A message key, or null when the server accepted. */
  error: string | null;
}

// What the gate reads of the form's snapshot.
interface FormSnapshot {
  context: { ruleErrors: FieldErrors; saves: number; outcome: SaveOutcome | null };
}

/** The gate a form registers with its cell: each call talks to the form actor by events. */
export function formGate(form: AnyActorRef): CellGate {
  const errorsOf = (): FieldErrors => (form.getSnapshot() as FormSnapshot).context.ruleErrors;
  return {
    validate: () => {
      form.send({ type: 'form.validateRequested' });
      return Object.keys(errorsOf()).length === 0;
    },
    save: () =>
      new Promise<void>((resolve, reject) => {
        const seq = (form.getSnapshot() as FormSnapshot).context.saves + 1;
        const subscription = form.subscribe((snapshot: FormSnapshot) => {
          const { outcome } = snapshot.context;
          if (outcome?.seq !== seq) return;
          subscription.unsubscribe();
          if (outcome.error === null) resolve();
          else reject(new Error(outcome.error));
        });
        form.send({ type: 'form.saveRequested' });
      }),
    reset: () => form.send({ type: 'form.resetRequested' }),
  };
}
