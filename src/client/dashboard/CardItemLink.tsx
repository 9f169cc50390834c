/** An item named on a card, by its label, as a link to it (followed by the router). */
import type { ReactNode } from 'react';
import { useItemLink } from '../items/display/useItemLink';

/** A link to item `id` showing `children`. */
export function CardItemLink({ id, className = '', children }: { id: string; className?: string; children: ReactNode }) {
  const link = useItemLink(id);
  return (
    <a
      {...link}
      data-item={id}
      className={`text-primary-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary dark:text-blue-300 ${className}`}
    >
      {children}
    </a>
  );
}
