/** The items at one spot of a map (one marker with a count, spec 001 §9): a click on one opens it. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { mapMachine } from '../../../machines/map/mapMachine';
import { useT } from '../i18n/useT';
import { Button } from '../shell/Button';

export interface SpotListProps {
  /** The items at the spot, by their labels; nothing is shown without them. */
  items: readonly { id: string; label: string }[];
  onChoose: (id: string) => void;
  onClose: () => void;
}

/** The items at a spot, over the map's lower right corner. */
export function SpotList({ items, onChoose, onClose }: SpotListProps) {
  const t = useT();
  if (items.length === 0) return null;
  const title = t('map.spot.title', { count: items.length });
  return (
    <section
      aria-label={title}
      className="absolute bottom-2 right-2 flex max-h-[60%] w-60 max-w-[80%] flex-col gap-1 overflow-auto rounded bg-panel p-2 text-sm text-ink shadow-lg"
    >
      <div className="flex items-center justify-between gap-2">
        <h4 className="m-0 text-xs font-semibold">{title}</h4>
        <Button variant="plain" className="!px-2 !py-0.5 text-xs" onClick={onClose}>
          {t('map.spot.close')}
        </Button>
      </div>
      <ul className="m-0 list-none p-0">
        {items.map((i) => (
          <li key={i.id}>
            <button
              type="button"
              onClick={() => onChoose(i.id)}
              className="w-full truncate rounded px-2 py-1 text-left hover:bg-primary/10"
            >
              {i.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The map actor's spot over its map, listed from `markers`: choosing one opens it, closing empties the spot. */
export function MapSpot({ map, markers }: { map: ActorRefFrom<typeof mapMachine>; markers: readonly { id: string; label: string }[] }) {
  const spot = useSelector(map, (snapshot) => snapshot.context.spot);
  return (
    <SpotList
      items={markers.filter((m) => spot.includes(m.id))}
      onChoose={(id) => map.send({ type: 'map.featureClicked', id })}
      onClose={() => map.send({ type: 'map.spotClosed' })}
    />
  );
}
