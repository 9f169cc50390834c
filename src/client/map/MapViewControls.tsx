/** The buttons over a map: zoom in, zoom out, and back to the whole region (the map actor's home). */
import { useT } from '../i18n/useT';
import { Button } from '../shell/Button';
import type { MapController } from './olMap';

export function MapViewControls({ controller, onHome }: { controller: MapController | null; onHome: () => void }) {
  const t = useT();
  const zoom = (by: number) => {
    const v = controller?.map.getView();
    if (v) v.animate({ zoom: (v.getZoom() ?? 3) + by, duration: 200 });
  };
  return (
    <div className="absolute right-2 top-2 flex flex-col gap-1">
      <Button variant="primary" className="!px-2.5" aria-label={t('map.zoomIn')} onClick={() => zoom(1)}>
        +
      </Button>
      <Button variant="primary" className="!px-2.5" aria-label={t('map.zoomOut')} onClick={() => zoom(-1)}>
        −
      </Button>
      <Button variant="primary" className="!px-2.5" aria-label={t('map.home')} onClick={onHome}>
        ⌂
      </Button>
    </div>
  );
}
