/**
 * The GPX reader of the spatial import (togeojson over xmldom): tracks (a track of several segments
 * is a MultiLineString), routes and waypoints, with what togeojson reads of them as properties
 * (name, `_gpxType` trk/rte/wpt, times and elevations under `coordinateProperties`...).
 */
import { gpx } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { GisCollector, type GisRead } from './gisFeature';

/** The features of GPX `text`; text that is not a GPX document is a problem of the file. */
export function readGpx(text: string): GisRead {
  const out = new GisCollector('GPX');
  let doc;
  try {
    doc = new DOMParser({ onError: () => undefined }).parseFromString(text.replace(/^\uFEFF/, ''), 'text/xml');
  } catch {
    doc = null;
  }
  if (!doc?.documentElement || doc.documentElement.localName !== 'gpx') {
    out.fail(1, 'errors.import.badFile');
    return out.read;
  }
  const collection = gpx(doc as unknown as Document);
  collection.features.forEach((f, i) => out.add(i + 1, f.geometry, { ...(f.properties ?? {}) }));
  return out.read;
}
