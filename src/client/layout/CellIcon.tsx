/** The icon of a column's toolbar: the name a view or an item type gives (`defaultIcon`), drawn from one small set. */
import { DisplayIcon } from '../items/display/DisplayIcon';
import { moduleIcons } from '../modules/moduleLabels';
import { Icon } from '../shell/Icon';

// Material Design paths for the item types' icons that the shell's set lacks.
const TYPE_PATHS: Record<string, string> = {
  campaign:
    'M18 11v2h4v-2zm-2 6.61c.96.71 2.21 1.65 3.2 2.39.4-.53.8-1.07 1.2-1.6-.99-.74-2.24-1.68-3.2-2.4-.4.54-.8 1.08-1.2 1.61M20.4 5.6c-.4-.53-.8-1.07-1.2-1.6-.99.74-2.24 1.68-3.2 2.4.4.53.8 1.07 1.2 1.6.96-.72 2.21-1.65 3.2-2.4M4 9c-1.1 0-2 .9-2 2v2c0 1.1.9 2 2 2h1v4h2v-4h1l5 3V6L8 9zm11.5 3c0-1.33-.58-2.53-1.5-3.35v6.69c.92-.81 1.5-2.01 1.5-3.34',
  new_releases:
    'm23 12-2.44-2.78.34-3.68-3.61-.82-1.89-3.18L12 3 8.6 1.54 6.71 4.72l-3.61.81.34 3.68L1 12l2.44 2.78-.34 3.69 3.61.82 1.89 3.18L12 21l3.4 1.46 1.89-3.18 3.61-.82-.34-3.68zm-10 5h-2v-2h2zm0-4h-2V7h2z',
  saved_search:
    'M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14m0-7.5-.85 1.85-1.9.2 1.42 1.28-.4 1.87L9.5 10.75l1.73.95-.4-1.87 1.42-1.28-1.9-.2z',
  organization:
    'M12 7V3H2v18h20V7zM6 19H4v-2h2zm0-4H4v-2h2zm0-4H4V9h2zm0-4H4V5h2zm4 12H8v-2h2zm0-4H8v-2h2zm0-4H8V9h2zm0-4H8V5h2zm10 12h-8v-2h2v-2h-2v-2h2v-2h-2V9h8zm-2-8h-2v2h2zm0 4h-2v2h2z',
  list: 'M3 13h2v-2H3zm0 4h2v-2H3zm0-8h2V7H3zm4 4h14v-2H7zm0 4h14v-2H7zM7 7v2h14V7z',
  event: 'M17 12h-5v5h5zM16 1v2H8V1H6v2H5c-1.11 0-1.99.9-1.99 2L3 19a2 2 0 0 0 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-1V1zm3 18H5V8h14z',
  // The admin views' own: the server's state, the menu items, the site's texts.
  dns: 'M20 13H4c-.55 0-1 .45-1 1v6c0 .55.45 1 1 1h16c.55 0 1-.45 1-1v-6c0-.55-.45-1-1-1M7 19c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2M20 3H4c-.55 0-1 .45-1 1v6c0 .55.45 1 1 1h16c.55 0 1-.45 1-1V4c0-.55-.45-1-1-1M7 9c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2',
  menu: 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z',
  article: 'M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m-5 14H7v-2h7zm3-4H7v-2h10zm0-4H7V7h10z',
  attachment:
    'M16.5 6v11.5c0 2.21-1.79 4-4 4s-4-1.79-4-4V5a2.5 2.5 0 0 1 5 0v10.5c0 .55-.45 1-1 1s-1-.45-1-1V6H10v9.5a2.5 2.5 0 0 0 5 0V5c0-2.21-1.79-4-4-4S7 2.79 7 5v12.5c0 3.04 2.46 5.5 5.5 5.5s5.5-2.46 5.5-5.5V6z',
};

const SHELL_ICONS = new Set(['home', 'search', 'person', 'contact', 'notifications', 'history']);

/** Whether `name` draws an icon of its own rather than the generic record icon (the label and icon completeness test asks). */
export const iconResolves = (name: string): boolean =>
  SHELL_ICONS.has(name) || Object.hasOwn(TYPE_PATHS, name) || Object.hasOwn(moduleIcons, name);

/** A decorative 20 px icon for `name`; unknown names get the generic record icon. */
export function CellIcon({ name }: { name: string | null }) {
  const className = 'h-5 w-5 shrink-0 text-muted';
  if (name === 'home' || name === 'search') return <Icon name={name} className={className} />;
  if (name === 'person' || name === 'contact') return <Icon name="user" className={className} />;
  if (name === 'notifications') return <DisplayIcon name="notifications" className={className} />;
  if (name === 'history') return <DisplayIcon name="history" className={className} />;
  const path = name ? (Object.hasOwn(TYPE_PATHS, name) ? TYPE_PATHS[name] : moduleIcons[name]) : undefined;
  if (!path) return <DisplayIcon name="article" className={className} />;
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={`${className} fill-current`}>
      <path d={path} />
    </svg>
  );
}
