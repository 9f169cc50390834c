/**
 * What the item will still need later (a submission, say), as its wizard declares it (`WizardDef.notes`):
 * a step lists the notes about its own properties, a review step lists them all, each with the step
 * that holds it. Notes, not errors: nothing here stops a step or a save.
 */
import { useId } from 'react';
import type { WizardDef, WizardNote } from '../../shared/items/wizards';
import { useT } from '../i18n/useT';

interface Props {
  def: WizardDef;
  notes: readonly WizardNote[];
  /** The message key shown on a review step when nothing is noted. */
  none: string | undefined;
  current: number;
  /** All steps' notes, each naming its step (on a review step), or only the current step's. */
  all: boolean;
  onChoose: (step: number) => void;
}

/** The step (1-based) that shows `property`, or 0 when none does. */
const stepOf = (def: WizardDef, property: string): number => def.steps.findIndex((s) => s.properties.includes(property)) + 1;

/** The notes as a list of their messages. */
function NoteList({ notes }: { notes: readonly WizardNote[] }) {
  const t = useT();
  return (
    <ul className="m-0 list-disc space-y-1 pl-5">
      {notes.map((note) => (
        <li key={`${note.property}:${note.message}`}>{t(note.message)}</li>
      ))}
    </ul>
  );
}

/** The notes by the step that holds their property, in the steps' order. */
function groupByStep(def: WizardDef, notes: readonly WizardNote[]): [number, WizardNote[]][] {
  const groups = new Map<number, WizardNote[]>();
  for (const note of notes) {
    const at = stepOf(def, note.property);
    groups.set(at, [...(groups.get(at) ?? []), note]);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b);
}

/** The notes of the current step, or of them all by step; nothing when there are none. */
export function WizardNotes({ def, notes, none, current, all, onChoose }: Props) {
  const t = useT();
  const headingId = useId();
  const step = def.steps[current - 1];
  const shown = all ? notes : notes.filter((n) => step?.properties.includes(n.property));
  if (!def.notes) return null;
  if (shown.length === 0)
    return all && none ? (
      <p
        data-testid="wizard-notes"
        className="mb-4 rounded border border-emerald-600 bg-emerald-50 p-3 text-sm text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50"
      >
        {t(none)}
      </p>
    ) : null;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="wizard-notes"
      className="mb-4 rounded border border-sky-600 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50"
    >
      <h4 id={headingId} className="mb-1 font-semibold">
        {t(def.notes.title)}
      </h4>
      {all ? (
        groupByStep(def, shown).map(([at, group]) => (
          <div key={at} className="mt-2">
            <p className="m-0 font-medium">
              {at !== current && at > 0 ? (
                <button
                  type="button"
                  aria-label={t('app.wizard.noteStep', { step: t(def.steps[at - 1]?.title ?? '') })}
                  className="rounded underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                  onClick={() => onChoose(at)}
                >
                  {t(def.steps[at - 1]?.title ?? '')}
                </button>
              ) : (
                t(def.steps[at - 1]?.title ?? '')
              )}
            </p>
            <NoteList notes={group} />
          </div>
        ))
      ) : (
        <NoteList notes={shown} />
      )}
    </section>
  );
}
