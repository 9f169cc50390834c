/** What the steps before a review step hold, drawn as the read screen draws values, each step with a way back to it. */
import { useSelector } from '@xstate/react';
import { selectRelChosen, type RelOption, type RelPickerSnapshot } from '../../../machines/item/relPickerMachine';
import type { Item, ItemData, ItemTypeDef, PropertyDef } from '../../shared/items/types';
import type { WizardDef } from '../../shared/items/wizards';
import { useT } from '../i18n/useT';
import { useFieldActors } from '../items/fields/FieldActorsContext';
import { FIELD_KINDS } from '../items/fields/fieldKinds';
import { labelKey } from '../items/labelKey';
import { Button } from '../shell/Button';

interface Props {
  def: WizardDef;
  type: ItemTypeDef;
  /** The steps before this one are reviewed. */
  current: number;
  draft: ItemData;
  /** The item being edited (null while creating): its labels name related items. */
  item: Item | null;
  onChoose: (step: number) => void;
}

const isBlank = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const isEmpty = (def: PropertyDef, value: unknown): boolean => FIELD_KINDS[def.kind]?.isEmpty?.(value) ?? isBlank(value);

const NONE: readonly RelOption[] = [];
const selectChosen = (s: RelPickerSnapshot | undefined): readonly RelOption[] => (s ? selectRelChosen(s) : NONE);

/**
 * A value as the read screen draws it. A relation is named by the item's labels and, for what was chosen
 * since it was saved (or in a new item, which has none), by the form's chooser of the property.
 */
function ReviewedValue({ name, property, shown, type }: { name: string; property: PropertyDef; shown: Item; type: ItemTypeDef }) {
  const kind = FIELD_KINDS[property.kind];
  const picker = useFieldActors()?.relPicker(name);
  const chosen = useSelector(picker, selectChosen);
  if (!kind) return <>{String(shown[name])}</>;
  const labels = chosen.length ? { ...shown.$labels, ...Object.fromEntries(chosen.map((c) => [c.id, c.label])) } : shown.$labels;
  return <kind.Show name={name} def={property} value={shown[name]} item={{ ...shown, $labels: labels }} type={type} />;
}

/** Each earlier step as a titled list of its properties' values ("Not given" for an empty one). */
export function WizardReview({ def, type, current, draft, item, onChoose }: Props) {
  const t = useT();
  // A new item has no labels yet: what its relations name comes from the choosers (ReviewedValue).
  const shown = { ...(item ?? { $id: `${type.name}-0`, _t: type.name, $labels: {} }), ...draft } as Item;
  return (
    <section aria-labelledby="wizard-review" className="mb-4 rounded border border-line">
      <h4 id="wizard-review" className="border-b border-line px-3 py-2 text-sm font-semibold text-ink">
        {t('app.wizard.review')}
      </h4>
      {def.steps.slice(0, current - 1).map((step, at) => (
        <div key={step.key} className="border-b border-line px-3 py-2 last:border-b-0">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium text-muted">{t(step.title)}</p>
            <Button
              variant="plain"
              className="!px-2 !py-1"
              onClick={() => onChoose(at + 1)}
              aria-label={t('app.wizard.change', { step: t(step.title) })}
            >
              {t('app.wizard.changeShort')}
            </Button>
          </div>
          <dl className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[minmax(8rem,auto)_1fr]">
            {step.properties.map((name) => {
              const property = type.properties[name]!;
              return (
                <div key={name} className="contents">
                  <dt className="text-sm text-muted">{t(labelKey(type, name, property))}</dt>
                  <dd className="text-sm text-ink">
                    {isEmpty(property, shown[name]) ? (
                      <span className="text-muted">{t('app.wizard.notGiven')}</span>
                    ) : (
                      <ReviewedValue name={name} property={property} shown={shown} type={type} />
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </div>
      ))}
    </section>
  );
}
