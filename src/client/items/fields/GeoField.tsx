/** GEO: a GeoJSON geometry on a map; the map and OpenLayers load as their own chunk when one shows. */
import { Suspense } from 'react';
import { useT } from '../../i18n/useT';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { lazyScreen } from '../../shell/lazyScreen';

const GeometryShow = lazyScreen(() => import('../../map/GeometryMap').then((m) => m.GeometryShow));
const GeometryEdit = lazyScreen(() => import('../../map/GeometryMap').then((m) => m.GeometryEdit));

function Loading({ tall }: { tall?: boolean }) {
  return <div aria-busy="true" className={`${tall ? 'h-72' : 'h-48'} w-full animate-pulse rounded border border-line bg-surface`} />;
}

function Show({ name, def, value, type }: FieldShowProps) {
  const t = useT();
  return (
    <Suspense fallback={<Loading />}>
      <GeometryShow value={value} label={t(def.t ?? `types.${type.name}.${name}`)} />
    </Suspense>
  );
}

function Edit({ value, inputId, errorId, error, onChange, onBlur }: FieldEditProps) {
  return (
    <Suspense fallback={<Loading tall />}>
      <GeometryEdit
        value={value}
        inputId={inputId}
        errorId={errorId}
        error={error}
        onChange={(next) => {
          onChange(next);
          onBlur();
        }}
      />
    </Suspense>
  );
}

/** A shape on a map: shown on a small map, drawn and modified on a larger one. */
export const GeoField: FieldKind = { Show, Edit, isEmpty: (v) => v === undefined || v === null };
