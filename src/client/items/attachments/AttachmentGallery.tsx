/** The read screen's attached files (issue 16): a gallery of cards with previews and players. */
import type { AttEntry } from '../../../../machines/item/attUploadMachine';
import { AttachmentCard } from './AttachmentCard';

export function AttachmentGallery({ entries }: { entries: readonly AttEntry[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fill,minmax(11rem,1fr))]" data-gallery="">
      {entries.map((e) => (
        <AttachmentCard key={e.id} entry={e} large />
      ))}
    </ul>
  );
}
