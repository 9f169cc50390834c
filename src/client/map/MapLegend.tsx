/** The legend over a map: each layer shown, by its label, beside a swatch of its colour (spec 001 §9). */
import { useT } from '../i18n/useT';

/** One layer of a map as its legend names it. */
export interface LegendLayer {
  label: string;
  colour: string;
}

/** The layers in the map's top left corner; nothing while there are none. */
export function MapLegend({ layers }: { layers: readonly LegendLayer[] }) {
  const t = useT();
  if (layers.length === 0) return null;
  return (
    <ul
      aria-label={t('map.legend')}
      data-testid="map-legend"
      className="absolute left-2 top-2 m-0 flex max-w-[60%] list-none flex-col gap-1 rounded bg-panel px-2 py-1.5 text-xs text-ink shadow"
    >
      {layers.map((l) => (
        <li key={`${l.label}|${l.colour}`} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="h-3 w-3 shrink-0 rounded-full border-2 border-white shadow"
            style={{ background: l.colour }}
          />
          <span className="truncate">{l.label}</span>
        </li>
      ))}
    </ul>
  );
}
