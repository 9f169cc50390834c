/** The background of an item's avatar: a hue of its own, dark enough for white initials (WCAG AA, 4.5:1). */

/** A stable hue for an id, so the same item always gets the same colour. */
export function hueOf(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(hash) % 360;
}

/** sRGB channels (0-255) of hsl(hue, saturation %, lightness %). */
function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255)) as [number, number, number];
}

/** Relative luminance of an sRGB colour (WCAG 2). */
export function luminance([r, g, b]: readonly [number, number, number]): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** White on this colour contrasts at least 4.5:1. */
const readsWhite = (rgb: readonly [number, number, number]): boolean => 1.05 / (luminance(rgb) + 0.05) >= 4.5;

/**
 * The avatar colour of `id`: its hue at 45% saturation and 42% lightness, darkened where that hue
 * is too light for white initials (yellows and greens are, blues are not).
 */
export function avatarColour(id: string): [number, number, number] {
  const hue = hueOf(id);
  let lightness = 42;
  let rgb = hslToRgb(hue, 45, lightness);
  while (!readsWhite(rgb) && lightness > 0) {
    lightness -= 1;
    rgb = hslToRgb(hue, 45, lightness);
  }
  return rgb;
}
