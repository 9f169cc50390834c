/** File sizes in Bytes, KB, MB, GB and TB by powers of 1000 (spec 000 §9). */

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** The size in the largest unit it reaches (TB at most), unrounded; the caller formats the number. */
export function fileSize(bytes: number): { size: number; unit: (typeof UNITS)[number] } {
  let size = Math.max(0, bytes);
  let unit = 0;
  while (size >= 1000 && unit < UNITS.length - 1) {
    size /= 1000;
    unit += 1;
  }
  return { size, unit: UNITS[unit]! };
}
