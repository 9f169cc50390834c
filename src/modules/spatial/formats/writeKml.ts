/**
 * The KML export of the spatial module (written with xmldom's serializer): one Placemark per
 * feature, named by its label, its geometry (Multi forms as MultiGeometry) and its properties as
 * SchemaData of the document's schema (kmlSchema.ts), so that readKml gives them back as they were.
 */
import { DOMImplementation, XMLSerializer, type Document as XmlDocument, type Element as XmlElement } from '@xmldom/xmldom';
import type { Geometry, Position } from '../../../shared/geo/geometry';
import { KML_SCHEMA_ID, kmlFieldText, kmlFieldType, type KmlFieldType } from './kmlSchema';
import type { GisOutFeature } from './writeGeoJson';

const KML_NS = 'http://www.opengis.net/kml/2.2';

/** The KML text of `features`, the document named `name`. */
export function writeKml(name: string, features: readonly GisOutFeature[]): string {
  const doc: XmlDocument = new DOMImplementation().createDocument(KML_NS, 'kml', null);
  const el = (parent: XmlElement, tag: string, text?: string): XmlElement => {
    const child = doc.createElementNS(KML_NS, tag);
    if (text !== undefined) child.appendChild(doc.createTextNode(text));
    parent.appendChild(child);
    return child;
  };
  const document = el(doc.documentElement!, 'Document');
  el(document, 'name', name);
  const values = new Map<string, unknown[]>();
  for (const f of features) for (const [k, v] of Object.entries(f.properties)) values.set(k, [...(values.get(k) ?? []), v]);
  const types = new Map<string, KmlFieldType>([...values].map(([k, vs]) => [k, kmlFieldType(vs)]));
  const schema = el(document, 'Schema');
  schema.setAttribute('name', KML_SCHEMA_ID);
  schema.setAttribute('id', KML_SCHEMA_ID);
  for (const [k, type] of types) {
    const field = el(schema, 'SimpleField');
    field.setAttribute('name', k);
    field.setAttribute('type', type);
  }
  const coordinates = (parent: XmlElement, positions: readonly Position[]): void => {
    el(parent, 'coordinates', positions.map((p) => p.join(',')).join(' '));
  };
  const polygon = (parent: XmlElement, rings: readonly (readonly Position[])[]): void => {
    const p = el(parent, 'Polygon');
    rings.forEach((ring, i) => coordinates(el(el(p, i === 0 ? 'outerBoundaryIs' : 'innerBoundaryIs'), 'LinearRing'), ring));
  };
  const geometry = (parent: XmlElement, g: Geometry): void => {
    switch (g.type) {
      case 'Point':
        return coordinates(el(parent, 'Point'), [g.coordinates]);
      case 'LineString':
        return coordinates(el(parent, 'LineString'), g.coordinates);
      case 'Polygon':
        return polygon(parent, g.coordinates);
      case 'MultiPoint': {
        const multi = el(parent, 'MultiGeometry');
        for (const p of g.coordinates) coordinates(el(multi, 'Point'), [p]);
        return;
      }
      case 'MultiLineString': {
        const multi = el(parent, 'MultiGeometry');
        for (const line of g.coordinates) coordinates(el(multi, 'LineString'), line);
        return;
      }
      case 'MultiPolygon': {
        const multi = el(parent, 'MultiGeometry');
        for (const rings of g.coordinates) polygon(multi, rings);
        return;
      }
    }
  };
  for (const f of features) {
    const placemark = el(document, 'Placemark');
    el(placemark, 'name', f.label);
    const data = el(el(placemark, 'ExtendedData'), 'SchemaData');
    data.setAttribute('schemaUrl', `#${KML_SCHEMA_ID}`);
    for (const [k, v] of Object.entries(f.properties)) el(data, 'SimpleData', kmlFieldText(types.get(k)!, v)).setAttribute('name', k);
    geometry(placemark, f.geometry);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(doc)}\n`;
}
