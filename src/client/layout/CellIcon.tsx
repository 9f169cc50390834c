/** The icon of a column's toolbar: the name a view or an item type gives (`defaultIcon`), drawn from one small set. */
import { DisplayIcon } from '../items/display/DisplayIcon';
import { Icon } from '../shell/Icon';

// Material Design paths for the item types' icons that the shell's set lacks.
const TYPE_PATHS: Record<string, string> = {
  organization:
    'M12 7V3H2v18h20V7zM6 19H4v-2h2zm0-4H4v-2h2zm0-4H4V9h2zm0-4H4V5h2zm4 12H8v-2h2zm0-4H8v-2h2zm0-4H8V9h2zm0-4H8V5h2zm10 12h-8v-2h2v-2h-2v-2h2v-2h-2V9h8zm-2-8h-2v2h2zm0 4h-2v2h2z',
  list: 'M3 13h2v-2H3zm0 4h2v-2H3zm0-8h2V7H3zm4 4h14v-2H7zm0 4h14v-2H7zM7 7v2h14V7z',
  event: 'M17 12h-5v5h5zM16 1v2H8V1H6v2H5c-1.11 0-1.99.9-1.99 2L3 19a2 2 0 0 0 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-1V1zm3 18H5V8h14z',
  attachment:
    'M16.5 6v11.5c0 2.21-1.79 4-4 4s-4-1.79-4-4V5a2.5 2.5 0 0 1 5 0v10.5c0 .55-.45 1-1 1s-1-.45-1-1V6H10v9.5a2.5 2.5 0 0 0 5 0V5c0-2.21-1.79-4-4-4S7 2.79 7 5v12.5c0 3.04 2.46 5.5 5.5 5.5s5.5-2.46 5.5-5.5V6z',
};

/** A decorative 20 px icon for `name`; unknown names get the generic record icon. */
export function CellIcon({ name }: { name: string | null }) {
  const className = 'h-5 w-5 shrink-0 text-muted';
  if (name === 'home' || name === 'search') return <Icon name={name} className={className} />;
  if (name === 'person' || name === 'contact') return <Icon name="user" className={className} />;
  if (name === 'notifications') return <DisplayIcon name="notifications" className={className} />;
  if (name === 'history') return <DisplayIcon name="history" className={className} />;
  const path = name ? TYPE_PATHS[name] : undefined;
  if (!path) return <DisplayIcon name="article" className={className} />;
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={`${className} fill-current`}>
      <path d={path} />
    </svg>
  );
}
