/**
 * The KML reader of the spatial import (togeojson over xmldom): every Placemark, in document order,
 * with its folder path kept as the property `folder` (folder names joined by " / "). Placemarks the
 * KML export wrote (SchemaData of its schema, kmlSchema.ts) get their properties from that data
 * alone, typed as written; others get what togeojson reads (name, description, styles, extended
 * data). A MultiGeometry stays a Multi geometry even with one part.
 */
import { kmlWithFolders } from '@tmcw/togeojson';
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { GisCollector, type GisRead } from './gisFeature';
import { KML_SCHEMA_ID, kmlFieldValue } from './kmlSchema';

/** The separator of folder names in the `folder` property. */
export const KML_FOLDER_SEPARATOR = ' / ';

type Node =
  | { type: 'Feature'; geometry: unknown; properties: Record<string, unknown> | null }
  | { type: 'folder'; meta: { name?: string }; children: Node[] };

const MULTI: Record<string, string> = { Point: 'MultiPoint', LineString: 'MultiLineString', Polygon: 'MultiPolygon' };

const childElements = (el: XmlElement, name: string): XmlElement[] =>
  Array.from(el.childNodes).filter((c): c is XmlElement => c.nodeType === 1 && (c as XmlElement).localName === name);

/** The properties the export wrote on `placemark`, or null when it holds none of its schema. */
function exportedProperties(placemark: XmlElement, types: ReadonlyMap<string, string>): Record<string, unknown> | null {
  for (const data of childElements(placemark, 'ExtendedData')) {
    for (const schemaData of childElements(data, 'SchemaData')) {
      if (schemaData.getAttribute('schemaUrl') !== `#${KML_SCHEMA_ID}`) continue;
      const properties: Record<string, unknown> = {};
      for (const simple of childElements(schemaData, 'SimpleData')) {
        const name = simple.getAttribute('name') ?? '';
        properties[name] = kmlFieldValue(types.get(name) ?? 'string', simple.textContent ?? '');
      }
      return properties;
    }
  }
  return null;
}

/** The features of KML `text`; text that is not a KML document is a problem of the file. */
export function readKml(text: string): GisRead {
  const out = new GisCollector('KML');
  let doc;
  try {
    doc = new DOMParser({ onError: () => undefined }).parseFromString(text.replace(/^\uFEFF/, ''), 'text/xml');
  } catch {
    doc = null;
  }
  if (!doc?.documentElement || doc.documentElement.localName !== 'kml') {
    out.fail(1, 'errors.import.badFile');
    return out.read;
  }
  const types = new Map<string, string>();
  for (const schema of Array.from(doc.getElementsByTagName('Schema')))
    if (schema.getAttribute('id') === KML_SCHEMA_ID)
      for (const field of Array.from(schema.getElementsByTagName('SimpleField')))
        types.set(field.getAttribute('name') ?? '', field.getAttribute('type') ?? 'string');
  // togeojson's tree holds the Placemarks in document order, as getElementsByTagName lists them.
  const placemarks = Array.from(doc.getElementsByTagName('Placemark'));
  const tree = kmlWithFolders(doc as unknown as Document) as unknown as { children: Node[] };
  let line = 0;
  const walk = (nodes: readonly Node[], path: readonly string[]): void => {
    for (const node of nodes) {
      if (node.type === 'folder') {
        walk(node.children, [...path, node.meta.name?.trim() || '']);
        continue;
      }
      const read = node.properties ?? {};
      // Ground overlays and network links are no places.
      if (typeof read['@geometry-type'] === 'string') continue;
      const placemark = placemarks[line++]!;
      const exported = exportedProperties(placemark, types);
      const properties = exported ?? read;
      if (path.length) properties.folder = path.join(KML_FOLDER_SEPARATOR);
      let geometry = node.geometry as { type?: string; coordinates?: unknown } | null;
      const multi = geometry?.type ? MULTI[geometry.type] : undefined;
      if (geometry && multi && childElements(placemark, 'MultiGeometry').length)
        geometry = { type: multi, coordinates: [geometry.coordinates] };
      const name = childElements(placemark, 'name')[0]?.textContent ?? undefined;
      out.add(line, geometry, properties, name);
    }
  };
  walk(tree.children, []);
  return out.read;
}
