/** pg's own conversion of a parameter to the text it sends (untyped in @types/pg). */
declare module 'pg/lib/utils.js' {
  /** The text form of a JavaScript value as a query parameter (a Buffer stays binary; null and undefined are null). */
  export function prepareValue(value: unknown): string | Buffer | null;
}
