/**
 * A GEO value on a map (issue 17): shown on a small map, or drawn and modified (points, lines,
 * areas) with snapping, undo and clear. OpenLayers comes with this chunk, never at start.
 */
import type Feature from 'ol/Feature';
import Draw from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import Snap from 'ol/interaction/Snap';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDarkTheme } from '../hooks/useDarkTheme';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { addModuleMessages } from '../i18n/moduleCatalogue';
import { useT } from '../i18n/useT';
import { Button } from '../shell/Button';
import { DEFAULT_BOUNDS, extentOfPairs, rectangleError, type Extent } from '../../shared/geo/bounds';
import { combineGeometries, partsOf, shapeKindOf, type ShapeKind } from '../../shared/geo/combineGeometries';
import { isGeometry, positionsOf, type Geometry } from '../../shared/geo/geometry';
import { mapMessages } from './mapMessages';
import { geometryOfFeature, MapController } from './olMap';

addModuleMessages(mapMessages);

const SHAPES: readonly ShapeKind[] = ['Point', 'LineString', 'Polygon'];

/** The extent a geometry is shown at: its own, else the site's default. */
function extentOf(value: Geometry | null, fallback: readonly number[]): Extent {
  if (value) return extentOfPairs(positionsOf(value).flatMap((p) => [p[0]!, p[1]!]));
  return fallback.length === 4 && !rectangleError(fallback) ? (fallback as unknown as Extent) : DEFAULT_BOUNDS;
}

/** A map controller living as long as the element it draws into. */
function useController(interactive: boolean): [React.RefObject<HTMLDivElement | null>, MapController | null] {
  const ref = useRef<HTMLDivElement>(null);
  const { mapTileUrl } = useSiteConfig();
  const dark = useDarkTheme();
  const [controller, setController] = useState<MapController | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    const c = new MapController(ref.current, { tileUrl: mapTileUrl ?? null, dark, interactive });
    c.setBase(mapTileUrl ? 'tiles' : 'outline');
    setController(c);
    return () => c.destroy();
  }, [mapTileUrl, dark, interactive]);
  return [ref, controller];
}

/** The stored value as a geometry, or null when it is none (an old value the kind would refuse is drawn as far as it goes). */
const asGeometry = (value: unknown): Geometry | null => (isGeometry(value) ? value : null);

/** A small read-only map of the value. */
export function GeometryShow({ value, label }: { value: unknown; label: string }) {
  const geometry = asGeometry(value);
  const { defaultBounds } = useSiteConfig();
  const [ref, controller] = useController(false);
  useEffect(() => {
    if (!controller) return;
    controller.setGeometry(geometry);
    controller.fit(extentOf(geometry, defaultBounds));
  }, [controller, geometry, defaultBounds]);
  return <div ref={ref} role="img" aria-label={label} className="h-48 w-full overflow-hidden rounded border border-line bg-surface" />;
}

/** Draws and modifies the value: one kind of shape, several making its Multi form. */
export function GeometryEdit({
  value,
  inputId,
  errorId,
  error,
  onChange,
}: {
  value: unknown;
  inputId: string;
  errorId: string;
  error: string | null;
  onChange(value: Geometry | null): void;
}) {
  const t = useT();
  const geometry = asGeometry(value);
  const { defaultBounds } = useSiteConfig();
  const [ref, controller] = useController(true);
  const [tool, setTool] = useState<ShapeKind | null>(null);
  const history = useRef<(Geometry | null)[]>([]);
  const [, setUndoable] = useState(0);
  const latest = useRef(geometry);
  latest.current = geometry;
  const kind = geometry ? shapeKindOf(geometry) : null;
  const count = geometry ? partsOf(geometry).length : 0;
  // An undo may bring back a value of another kind: its tool is then no longer the one to draw with.
  useEffect(() => {
    if (kind && tool && kind !== tool) setTool(null);
  }, [kind, tool]);

  const change = useMemo(
    () => (next: Geometry | null) => {
      history.current.push(latest.current);
      setUndoable(history.current.length);
      onChange(next);
    },
    [onChange],
  );

  // The map opens on the value, or on the site's region; later changes do not move it.
  const fitted = useRef(false);
  useEffect(() => {
    if (!controller) return;
    controller.setGeometry(geometry);
    if (!fitted.current) controller.fit(extentOf(geometry, defaultBounds));
    fitted.current = true;
  }, [controller, geometry, defaultBounds]);

  useEffect(() => {
    if (!controller) return;
    const modify = new Modify({ source: controller.shapes });
    modify.on('modifyend', () =>
      change(combineGeometries(controller.shapes.getFeatures().flatMap((f) => geometryOfFeature(f as Feature) ?? []))),
    );
    const draw = tool ? new Draw({ type: tool }) : null;
    draw?.on('drawend', (e) => {
      const drawn = geometryOfFeature(e.feature);
      if (drawn) change(combineGeometries([...(latest.current ? [latest.current] : []), drawn]));
    });
    const snap = new Snap({ source: controller.shapes });
    for (const i of [modify, draw, snap]) if (i) controller.map.addInteraction(i);
    return () => {
      for (const i of [modify, draw, snap]) if (i) controller.map.removeInteraction(i);
    };
  }, [controller, tool, change]);

  const undo = () => {
    if (history.current.length === 0) return;
    const previous = history.current.pop()!;
    setUndoable(history.current.length);
    onChange(previous);
  };

  return (
    <div className="space-y-2">
      <div role="toolbar" aria-label={t('map.label')} className="flex flex-wrap items-center gap-1">
        {SHAPES.map((shape) => (
          <Button
            key={shape}
            variant={tool === shape ? 'primary' : 'plain'}
            className="disabled:cursor-not-allowed disabled:opacity-50"
            aria-pressed={tool === shape}
            // A value holds one kind of shape: the others wait until it is cleared.
            disabled={kind !== null && kind !== shape}
            onClick={() => setTool(tool === shape ? null : shape)}
          >
            {t(`map.draw.${shape}`)}
          </Button>
        ))}
        <Button variant="plain" className="disabled:opacity-50" onClick={undo} disabled={history.current.length === 0}>
          {t('map.draw.undo')}
        </Button>
        <Button variant="plain" className="disabled:opacity-50" onClick={() => change(null)} disabled={!geometry}>
          {t('map.draw.clear')}
        </Button>
      </div>
      <div
        id={inputId}
        ref={ref}
        tabIndex={0}
        role="application"
        aria-label={t('map.label')}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        className={`h-72 w-full overflow-hidden rounded border bg-surface ${error ? 'border-red-600 dark:border-red-400' : 'border-line'}`}
      />
      <p className="text-xs text-muted" aria-live="polite">
        {t('map.draw.summary', { count, kind: kind ?? 'none' })} · {t('map.draw.help')}
      </p>
    </div>
  );
}
