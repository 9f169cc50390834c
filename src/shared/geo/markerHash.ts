/**
 * The marker coordinate hash of spec 001 §9 ("5 decimals, base 36"): a point keyed by its longitude
 * and latitude rounded to 5 decimals (about a metre), each written as a whole number of
 * hundred-thousandths in base 36. Markers with the same key sit on the same spot and are drawn as one
 * marker with a count, whose click lists the items there.
 */

/** A coordinate rounded to 5 decimals, as a whole number of hundred-thousandths (rounding half away from zero). */
const fifthDecimals = (x: number): number => {
  const n = Number.parseInt(x.toFixed(5).replace('.', ''), 10);
  return n === 0 ? 0 : n; // no "-0"
};

/** The key of the spot at `lon`, `lat`: `{lon},{lat}` in base 36 of their 5-decimal rounding. */
export const markerHash = (lon: number, lat: number): string => `${fifthDecimals(lon).toString(36)},${fifthDecimals(lat).toString(36)}`;

/** Markers grouped by spot, the spots in the order of their first marker, each spot's markers in their order. */
export function groupBySpot<M extends { lon: number; lat: number }>(markers: readonly M[]): { key: string; markers: M[] }[] {
  const spots = new Map<string, M[]>();
  for (const m of markers) {
    const key = markerHash(m.lon, m.lat);
    const at = spots.get(key);
    if (at) at.push(m);
    else spots.set(key, [m]);
  }
  return [...spots].map(([key, at]) => ({ key, markers: at }));
}
