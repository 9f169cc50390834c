/** A row of capability checkboxes: what a user holds on the site, or in one organisation. */
import { useT } from '../../../client/i18n/useT';

interface Props {
  /** The group's accessible name. */
  legend: string;
  roles: string[];
  held: Record<string, boolean>;
  disabled: boolean;
  onChange: (capabilities: Record<string, boolean>) => void;
}

/** One labelled checkbox per capability; a change answers the whole new set. */
export function CapabilityBoxes({ legend, roles, held, disabled, onChange }: Props) {
  const t = useT();
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-1" disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      {roles.map((role) => (
        <label key={role} className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-[var(--color-primary)]"
            checked={held[role] === true}
            onChange={(event) => onChange({ ...held, [role]: event.target.checked })}
          />
          {t(`capabilities.${role}`)}
        </label>
      ))}
    </fieldset>
  );
}
