/**
 * How the KML export keeps a feature's properties so that its import gives them back as they were
 * (issue 17: "exports that import back unchanged"): one Schema of the document, id `kk-properties`,
 * a SimpleField per property name typed string, double or bool when every value of that name is
 * one, else `json` (the value written as JSON text); each Placemark's values in SchemaData.
 */

/** The id of the export's schema (its SchemaData say schemaUrl="#kk-properties"). */
export const KML_SCHEMA_ID = 'kk-properties';

/** The types of the export's fields: KML's own three, and `json` for any other value (other readers see its text). */
export type KmlFieldType = 'string' | 'double' | 'bool' | 'json';

/** The type every value of one property name fits. */
export function kmlFieldType(values: readonly unknown[]): KmlFieldType {
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => typeof v === 'number' && Number.isFinite(v))) return 'double';
  if (values.every((v) => typeof v === 'boolean')) return 'bool';
  return 'json';
}

/** A value as its SimpleData text. */
export const kmlFieldText = (type: KmlFieldType, value: unknown): string => (type === 'json' ? JSON.stringify(value) : String(value));

/** A SimpleData text back as the value, by its field's type (a json text that does not parse stays text). */
export function kmlFieldValue(type: string | null, text: string): unknown {
  switch (type) {
    case 'double':
    case 'float':
    case 'int':
    case 'uint':
    case 'short':
    case 'ushort':
      return text.trim() === '' ? text : Number(text);
    case 'bool':
      return text.trim() === 'true' || text.trim() === '1';
    case 'json':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    default:
      return text;
  }
}
