/**
 * One dialog look for the shell's blocking dialogs (Radix Dialog: focus trap, Esc, aria). Radix is
 * loaded when the page is idle or when a dialog first opens (radixModule.ts).
 */
import type { ReactNode } from 'react';
import { useRadix } from './radixModule';

interface Props {
  open: boolean;
  title: string;
  /** Called when the user closes the dialog with Esc or a click outside; omit for dialogs that must be answered. */
  onClose?: () => void;
  children: ReactNode;
  actions: ReactNode;
  maxWidth?: number;
}

/** A modal dialog with a title, a body and a row of buttons. */
export function Modal({ open, title, onClose, children, actions, maxWidth = 800 }: Props) {
  const radix = useRadix(open);
  if (!radix) return null;
  const { Dialog } = radix;
  const block = (event: Event): void => {
    if (!onClose) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (!next && onClose ? onClose() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          style={{ maxWidth }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-32px)] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-panel p-6 text-ink shadow-xl"
        >
          <Dialog.Title className="mb-3 text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mb-5 text-sm leading-relaxed">{children}</div>
          </Dialog.Description>
          <div className="flex flex-wrap justify-end gap-2">{actions}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
