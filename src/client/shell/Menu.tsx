/**
 * The dropdown menus on Radix, with one look for every menu. Radix is loaded when the page is idle
 * (radixModule.ts); until then the trigger is a plain button that looks the same and opens the menu
 * once Radix has arrived.
 */
import { useState, type ReactNode } from 'react';
import { loadedRadix, useRadix } from './radixModule';

const ITEM =
  'flex w-full cursor-pointer select-none items-center gap-2 rounded px-3 py-2 text-left text-sm text-ink outline-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-primary/10';

const HEADER_TRIGGER = 'relative rounded-full p-2 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent';
const HEADER_CONTENT =
  'z-40 max-h-[80vh] min-w-64 max-w-[calc(100vw-16px)] overflow-y-auto rounded-lg border border-line bg-panel p-1 shadow-lg';

interface MenuProps {
  label: string;
  trigger: ReactNode;
  children: ReactNode;
  /** The trigger's look; the header's white icon button by default. */
  triggerClassName?: string;
  /** The open list's look; the header's by default. */
  contentClassName?: string;
  sideOffset?: number;
}

/** A menu: an icon button that opens a list of entries (the header's look unless told otherwise). */
export function Menu({
  label,
  trigger,
  children,
  triggerClassName = HEADER_TRIGGER,
  contentClassName = HEADER_CONTENT,
  sideOffset = 6,
}: MenuProps) {
  const [open, setOpen] = useState(false);
  const radix = useRadix(open);
  if (!radix) {
    return (
      <button
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        className={triggerClassName}
        onClick={() => setOpen(true)}
      >
        {trigger}
      </button>
    );
  }
  const { DropdownMenu } = radix;
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger aria-label={label} title={label} className={triggerClassName}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={sideOffset} className={contentClassName}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** An entry that runs `onSelect`. */
export function MenuEntry({ onSelect, disabled, children }: { onSelect?: () => void; disabled?: boolean; children: ReactNode }) {
  const { DropdownMenu } = loadedRadix();
  return (
    <DropdownMenu.Item className={ITEM} disabled={disabled ?? false} onSelect={onSelect}>
      {children}
    </DropdownMenu.Item>
  );
}

/** An on/off entry that stays open, so several toggles can be set in a row. */
export function MenuToggle({ checked, onChange, children }: { checked: boolean; onChange: (value: boolean) => void; children: ReactNode }) {
  const { DropdownMenu } = loadedRadix();
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
  const { DropdownMenu } = loadedRadix();
  return <DropdownMenu.Separator className="my-1 h-px bg-line" />;
}

/** A non-interactive line of text in a menu. */
export function MenuText({ children }: { children: ReactNode }) {
  return <div className="px-3 py-2 text-sm text-muted">{children}</div>;
}
