/**
 * The places beside a map as a tree (spec 001 §9): a group per kind of place, closed while there are
 * many, each opening 25 places at a time with "Show more"; the other group last. A click on a place
 * opens it (the map's `map.featureClicked`), and the group of the current (pink) place stays open
 * as far as that place.
 */
import { useCallback, useMemo, useState } from 'react';
import { useT } from '../../../client/i18n/useT';
import { useSiteLovLabel } from '../../../client/items/fields/LovField';
import { useDarkTheme } from '../../../client/hooks/useDarkTheme';
import { selectedColour } from '../../../client/map/mapPalette';
import { MARKER_COLOURS } from '../../../client/map/olMap';
import { markerTree, OTHER_GROUP, TREE_PAGE_SIZE, type TreePlace } from '../markerTree';
import { SPL_TYPES } from '../spatialRules';

const LAYER = 'layer:';
/** The group of the shapes of a map layer that are not places (a consultation's project area): named by the layer. */
export const layerKind = (label: string): string => `${LAYER}${label}`;

export interface PlacesTreeProps {
  places: readonly TreePlace[];
  selected: string | null;
  /** The feature search is narrowing the places: every group shows its matches. */
  filtering: boolean;
  onClick: (id: string) => void;
}

export function PlacesTree({ places, selected, filtering, onClick }: PlacesTreeProps) {
  const t = useT();
  const kindLabel = useSiteLovLabel(SPL_TYPES);
  // The current place's dot in the theme's pink, as its marker on the map.
  const pink = selectedColour(useDarkTheme());
  const nameOf = useCallback(
    (kind: string): string =>
      kind === OTHER_GROUP ? t('spatial.tree.other') : kind.startsWith(LAYER) ? kind.slice(LAYER.length) : kindLabel(kind),
    [t, kindLabel],
  );
  const groups = useMemo(() => markerTree(places, nameOf), [places, nameOf]);
  // How many places each group shows; a group not named here is closed (or open, when there are few places).
  const [shown, setShown] = useState<Readonly<Record<string, number>>>({});
  const openAll = filtering || places.length <= TREE_PAGE_SIZE;
  const countOf = (key: string, size: number, members: readonly TreePlace[]): number => {
    const chosen = shown[key] ?? (openAll ? TREE_PAGE_SIZE : 0);
    const current = selected ? members.findIndex((p) => p.id === selected) : -1;
    // The current place stays in sight: its group open as far as its page.
    const needed = current >= 0 ? (Math.floor(current / TREE_PAGE_SIZE) + 1) * TREE_PAGE_SIZE : 0;
    return Math.min(size, Math.max(chosen, needed));
  };
  return (
    <ul className="m-0 list-none p-0">
      {groups.map((g) => {
        const name = nameOf(g.key);
        const count = countOf(g.key, g.places.length, g.places);
        const listId = `places-${g.key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
        return (
          <li key={g.key}>
            <button
              type="button"
              aria-expanded={count > 0}
              aria-controls={listId}
              onClick={() => setShown((s) => ({ ...s, [g.key]: count > 0 ? 0 : TREE_PAGE_SIZE }))}
              className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm font-semibold text-ink hover:bg-primary/10"
            >
              <span aria-hidden="true" className="w-3 text-xs">
                {count > 0 ? '▾' : '▸'}
              </span>
              <span className="min-w-0 flex-1 truncate">{name}</span>
              <span className="text-xs font-normal text-muted">
                {t(g.key.startsWith(LAYER) ? 'spatial.tree.shapes' : 'spatial.tree.count', { count: g.places.length })}
              </span>
            </button>
            {count > 0 ? (
              <ul id={listId} aria-label={name} className="m-0 list-none p-0 pl-4">
                {g.places.slice(0, count).map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      aria-current={p.id === selected ? 'true' : undefined}
                      onClick={() => onClick(p.id)}
                      className={`flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm text-ink hover:bg-primary/10 ${p.id === selected ? 'font-semibold' : ''}`}
                    >
                      <span
                        aria-hidden="true"
                        className="h-3 w-3 shrink-0 rounded-full border-2 border-white shadow"
                        style={{ background: p.id === selected ? pink : (p.colour ?? MARKER_COLOURS.normal) }}
                      />
                      <span className="truncate" title={p.label}>
                        {p.label}
                      </span>
                    </button>
                  </li>
                ))}
                {count < g.places.length ? (
                  <li>
                    <button
                      type="button"
                      onClick={() => setShown((s) => ({ ...s, [g.key]: count + TREE_PAGE_SIZE }))}
                      className="rounded px-2 py-1 text-left text-xs text-primary-ink underline-offset-2 hover:underline dark:text-blue-300"
                    >
                      {t('spatial.tree.more', { count: Math.min(TREE_PAGE_SIZE, g.places.length - count), left: g.places.length - count })}
                    </button>
                  </li>
                ) : null}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
