/** The wizard's header: its steps in order, the current one marked, the reached ones clickable. */
import type { WizardDef } from '../../shared/items/wizards';
import { useT } from '../i18n/useT';

interface Props {
  def: WizardDef;
  current: number;
  furthest: number;
  /** Steps with errors to fix (marked). */
  flagged: ReadonlySet<number>;
  onChoose: (step: number) => void;
}

/** The steps as a list; on a phone only "Step 2 of 3" and the current title show beside the numbers. */
export function WizardStepper({ def, current, furthest, flagged, onChoose }: Props) {
  const t = useT();
  const total = def.steps.length;
  return (
    <nav aria-label={t('app.wizard.steps')} className="border-b border-line px-4 py-3">
      <p className="mb-2 text-xs font-medium uppercase tracking-wide text-muted sm:hidden">{t('app.wizard.stepOf', { current, total })}</p>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-2">
        {def.steps.map((step, at) => {
          const number = at + 1;
          const here = number === current;
          const reached = number <= furthest;
          const title = t(step.title);
          const mark = (
            <span
              aria-hidden="true"
              className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                here
                  ? 'bg-primary text-white'
                  : flagged.has(number)
                    ? 'border-2 border-red-600 text-red-700 dark:border-red-400 dark:text-red-300'
                    : reached
                      ? 'border-2 border-primary text-primary-ink dark:text-blue-300'
                      : 'border border-line text-muted'
              }`}
            >
              {number}
            </span>
          );
          const name = (
            <span
              className={`text-sm ${here ? 'font-semibold text-ink' : reached ? 'text-ink' : 'text-muted'} ${here ? '' : 'max-sm:sr-only'}`}
            >
              {title}
              {flagged.has(number) ? <span className="sr-only"> {t('app.wizard.needsAttention')}</span> : null}
            </span>
          );
          return (
            <li key={step.key} className="flex items-center gap-2">
              {reached && !here ? (
                <button
                  type="button"
                  className="flex items-center gap-2 rounded px-1 py-1 hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                  onClick={() => onChoose(number)}
                >
                  {mark}
                  {name}
                </button>
              ) : (
                <span className="flex items-center gap-2 px-1 py-1" aria-current={here ? 'step' : undefined}>
                  {mark}
                  {name}
                </span>
              )}
              {number < total ? <span aria-hidden="true" className="h-px w-4 bg-line sm:w-6" /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
