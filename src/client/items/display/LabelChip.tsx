/** A label chip (spec 000 §2): the item's label linking to it; modifier or middle click opens a new tab. */
import { HiddenItem } from './HiddenItem';
import { useItemHighlight } from './useItemHighlight';
import { useItemLink } from './useItemLink';

/** A chip for item `id` showing `label` (the item's `$labels` entry); without one (the reader may not read it) its type, never its id. */
export function LabelChip({ id, label }: { id: string; label?: string | undefined }) {
  return label ? <ReadableChip id={id} label={label} /> : <HiddenItem id={id} />;
}

function ReadableChip({ id, label }: { id: string; label: string }) {
  const { highlighted, handlers } = useItemHighlight(id);
  const link = useItemLink(id);
  return (
    <a
      {...link}
      {...handlers}
      data-item={id}
      data-highlighted={highlighted}
      className={`inline-flex max-w-full items-center truncate rounded-full border px-2.5 py-0.5 text-sm text-ink no-underline focus-visible:outline-2 focus-visible:outline-primary ${
        highlighted ? 'border-accent bg-accent/25' : 'border-line bg-surface hover:bg-primary/10'
      }`}
    >
      {label}
    </a>
  );
}
