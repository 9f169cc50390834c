/** An item's visibility level (spec 000 §3): each level with its own icon and colour. */
import type { Visibility } from '../../../shared/items/types';
import { useT } from '../../i18n/useT';
import { DisplayIcon } from './DisplayIcon';

// From open to closed: green, blue, amber, red; the dark variants stay readable on the dark panel.
const COLOUR: Record<Visibility, string> = {
  PUBLIC: 'text-green-700 border-green-700/40 dark:text-green-300 dark:border-green-300/40',
  COMMUNITY: 'text-blue-700 border-blue-700/40 dark:text-blue-300 dark:border-blue-300/40',
  PROTECTED: 'text-amber-700 border-amber-700/40 dark:text-amber-300 dark:border-amber-300/40',
  PRIVATE: 'text-red-700 border-red-700/40 dark:text-red-300 dark:border-red-300/40',
};

/** The level's icon and name; `compact` shows the icon alone, with the name as its label. */
export function VisibilityBadge({ visibility, compact = false }: { visibility: Visibility; compact?: boolean }) {
  const t = useT();
  const name = t(`app.visibility.${visibility}`);
  return (
    <span
      data-visibility={visibility}
      title={name}
      {...(compact ? { role: 'img', 'aria-label': name } : {})}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium ${COLOUR[visibility]}`}
    >
      <DisplayIcon name={visibility} className="h-3.5 w-3.5" />
      {compact ? null : name}
    </span>
  );
}
