/**
 * The map colours of spec 001 §9 in one place: each named colour's value in the light and the dark
 * theme (mid shades that read against the outline's land and sea in both, with the markers' white
 * ring), and how a type's features are drawn (its `mapStyle`, the site's blue without one).
 */
import { itemTypes } from '../../shared/itemTypes';
import type { MapColour } from '../../shared/items/types';

/** Each named colour: light theme, dark theme. */
export const MAP_PALETTE: Readonly<Record<MapColour, { light: string; dark: string }>> = {
  pink: { light: '#E91E63', dark: '#F06292' },
  orange: { light: '#EF6C00', dark: '#FFA726' },
  nearBlack: { light: '#212121', dark: '#101010' },
  grey: { light: '#757575', dark: '#9E9E9E' },
  teal: { light: '#00897B', dark: '#26A69A' },
  orangeRed: { light: '#E64A19', dark: '#FF7043' },
  darkRed: { light: '#8E1B1B', dark: '#C62828' },
  red: { light: '#D32F2F', dark: '#EF5350' },
};

/** The colour of a feature with no type style: the site's primary blue. */
const DEFAULT_COLOUR = { light: '#1976D2', dark: '#42A5F5' } as const;

/** The radius of a marker, in pixels, when its type does not say. */
export const DEFAULT_MARKER_RADIUS = 7;

/** A named colour's value in a theme. */
export const paletteColour = (colour: MapColour, dark: boolean): string => MAP_PALETTE[colour][dark ? 'dark' : 'light'];

/** The selected marker's colour (pink). */
export const selectedColour = (dark: boolean): string => paletteColour('pink', dark);

/** How the features of `typeName` are drawn in a theme: a CSS colour and a marker radius. */
export function mapStyleOf(typeName: string, dark: boolean): { colour: string; radius: number } {
  const style = itemTypes.get(typeName)?.mapStyle;
  return {
    colour: style ? paletteColour(style.colour, dark) : DEFAULT_COLOUR[dark ? 'dark' : 'light'],
    radius: style?.radius ?? DEFAULT_MARKER_RADIUS,
  };
}

/**
 * How a cluster of markers is drawn: in its members' colour when they share one, in the neutral grey
 * when they come from layers of different colours (a place beside a territory), so that no layer's
 * colour stands for another's; as large as its largest member.
 */
export function clusterLook(members: readonly { colour?: string; radius?: number }[], dark: boolean): { colour: string; radius: number } {
  const colours = new Set(members.map((m) => m.colour ?? DEFAULT_COLOUR[dark ? 'dark' : 'light']));
  const colour = colours.size === 1 ? [...colours][0]! : paletteColour('grey', dark);
  const radius = Math.max(DEFAULT_MARKER_RADIUS, ...members.map((m) => m.radius ?? DEFAULT_MARKER_RADIUS));
  return { colour, radius };
}

/** The relative luminance of a `#RRGGBB` colour (WCAG 2). */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Near-black, for a count on a light marker. */
const DARK_INK = '#1a1a1a';

/**
 * The colour of a cluster's count on a marker of `fill`: white or near-black, whichever contrasts more
 * (the dark theme's markers are light shades, on which white reads poorly).
 */
export function inkOn(fill: string): string {
  const l = luminance(fill);
  return 1.05 / (l + 0.05) >= (l + 0.05) / (luminance(DARK_INK) + 0.05) ? '#ffffff' : DARK_INK;
}
