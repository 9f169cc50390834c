/** Feeds a wizard with its form's draft and with how each save of its column ends. */
import { fromCallback, type AnyActorRef } from 'xstate';
import type { ItemData } from '../../src/shared/items/types';

/** What the wizard hears: the form's draft (once loaded) and the end of a save of its column. */
export type WizardFeedEvent =
  | { type: 'wizard.formSeen'; draft: ItemData; ready: boolean; edited: boolean }
  /** The column left SAVING: saved (clean again), or not (refused by a rule, or failed). */
  | { type: 'wizard.cellSettled'; saved: boolean };

interface FormSnapshotLike {
  context: { draft: ItemData; edited: boolean };
  matches(value: unknown): boolean;
}
interface CellSnapshotLike {
  matches(value: unknown): boolean;
}

/** Watches the column's form and the column itself; stops watching with the wizard. */
export const wizardFeed = fromCallback<WizardFeedEvent, { form: AnyActorRef | null; cell: AnyActorRef | null }>(({ input, sendBack }) => {
  const stops: Array<() => void> = [];
  const { form, cell } = input;
  if (form) {
    let last: { draft: ItemData; ready: boolean; edited: boolean } | null = null;
    const take = (snapshot: FormSnapshotLike): void => {
      const seen = { draft: snapshot.context.draft, ready: !snapshot.matches({ edit: 'LOADING' }), edited: snapshot.context.edited };
      if (last && last.draft === seen.draft && last.ready === seen.ready && last.edited === seen.edited) return;
      last = seen;
      sendBack({ type: 'wizard.formSeen', ...seen });
    };
    take(form.getSnapshot() as FormSnapshotLike);
    const subscription = form.subscribe((snapshot: FormSnapshotLike) => take(snapshot));
    stops.push(() => subscription.unsubscribe());
  }
  if (cell) {
    let saving = (cell.getSnapshot() as CellSnapshotLike).matches('SAVING');
    const subscription = cell.subscribe((snapshot: CellSnapshotLike) => {
      const now = snapshot.matches('SAVING');
      if (saving && !now) sendBack({ type: 'wizard.cellSettled', saved: snapshot.matches('CLEAN') });
      saving = now;
    });
    stops.push(() => subscription.unsubscribe());
  }
  return () => stops.forEach((stop) => stop());
});
