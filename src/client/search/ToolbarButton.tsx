/** A button of the results toolbar: an icon with its name as tooltip and accessible name, the name also shown where there is room. */
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Icon, type IconName } from '../shell/Icon';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: IconName;
  label: string;
  /** Show the name beside the icon in a results view wider than 42 rem (else only in the tooltip). */
  named?: boolean;
  /** Pressed look for toggles (aria-pressed is passed as given): solid in a segmented group, soft on its own. */
  on?: boolean | 'soft';
  badge?: ReactNode;
}

/** An icon button of the toolbar. */
export const ToolbarButton = forwardRef<HTMLButtonElement, Props>(function ToolbarButton(
  { icon, label, named = false, on = false, badge, className = '', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      title={label}
      className={`inline-flex h-9 min-w-9 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50 ${
        on === 'soft'
          ? 'bg-primary/15 text-primary-ink dark:bg-primary/30 dark:text-white'
          : on
            ? 'bg-primary text-white'
            : 'text-ink hover:bg-primary/10'
      } ${className}`}
      {...rest}
    >
      <Icon name={icon} className="h-5 w-5" />
      {named ? <span className="hidden @2xl:inline">{label}</span> : null}
      {badge}
    </button>
  );
});
