/** The header's dropdown menus on Radix, with one look for every menu. */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

const ITEM =
  'flex w-full cursor-pointer select-none items-center gap-2 rounded px-3 py-2 text-left text-sm text-ink outline-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-primary/10';

/** A header menu: an icon button that opens a list of entries. */
export function Menu({ label, trigger, children }: { label: string; trigger: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        title={label}
        className="relative rounded-full p-2 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent"
      >
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-40 max-h-[80vh] min-w-64 max-w-[calc(100vw-16px)] overflow-y-auto rounded-lg border border-line bg-panel p-1 shadow-lg"
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** An entry that runs `onSelect`. */
export function MenuEntry({ onSelect, disabled, children }: { onSelect?: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <DropdownMenu.Item className={ITEM} disabled={disabled ?? false} onSelect={onSelect}>
      {children}
    </DropdownMenu.Item>
  );
}

/** An on/off entry that stays open, so several toggles can be set in a row. */
export function MenuToggle({ checked, onChange, children }: { checked: boolean; onChange: (value: boolean) => void; children: ReactNode }) {
  return (
    <DropdownMenu.CheckboxItem
      className={`${ITEM} justify-between`}
      checked={checked}
      onCheckedChange={onChange}
      onSelect={(event) => event.preventDefault()}
    >
      <span>{children}</span>
      <span aria-hidden="true" className={`h-4 w-7 rounded-full p-0.5 ${checked ? 'bg-primary' : 'bg-line'}`}>
        <span className={`block h-3 w-3 rounded-full bg-white transition-transform ${checked ? 'translate-x-3' : ''}`} />
      </span>
    </DropdownMenu.CheckboxItem>
  );
}

/** A line between groups of entries. */
export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-line" />;
}

/** A non-interactive line of text in a menu. */
export function MenuText({ children }: { children: ReactNode }) {
  return <div className="px-3 py-2 text-sm text-muted">{children}</div>;
}
