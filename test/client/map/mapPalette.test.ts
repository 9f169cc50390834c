/** How the map draws a cluster of markers: one layer's colour, or the neutral grey for several. */
import { clusterLook, DEFAULT_MARKER_RADIUS, inkOn, MAP_PALETTE, paletteColour } from '../../../src/client/map/mapPalette';

describe('clusterLook', () => {
  const teal = paletteColour('teal', false);
  const orange = paletteColour('orange', false);

  it("draws a cluster of one layer in that layer's colour", () => {
    expect(clusterLook([{ colour: teal }, { colour: teal, radius: 5 }], false)).toEqual({ colour: teal, radius: DEFAULT_MARKER_RADIUS });
  });

  it('draws a cluster of several layers in the neutral grey of the theme, as large as its largest member', () => {
    expect(clusterLook([{ colour: teal }, { colour: orange, radius: 9 }], false)).toEqual({
      colour: paletteColour('grey', false),
      radius: 9,
    });
    expect(clusterLook([{ colour: teal }, {}], true).colour).toBe(paletteColour('grey', true));
  });
});

describe('inkOn', () => {
  it("writes a cluster's count in white on the light theme's blue and greys, near-black on the dark theme's light shades", () => {
    expect([inkOn('#1976D2'), inkOn(paletteColour('grey', false)), inkOn(paletteColour('darkRed', false))]).toEqual([
      '#ffffff',
      '#ffffff',
      '#ffffff',
    ]);
    expect([inkOn('#42A5F5'), inkOn(paletteColour('grey', true)), inkOn(paletteColour('orange', true))]).toEqual([
      '#1a1a1a',
      '#1a1a1a',
      '#1a1a1a',
    ]);
  });

  it('gives every named colour a count readable at 3:1 or better in both themes', () => {
    const lum = (hex: string) => {
      const n = Number.parseInt(hex.slice(1), 16);
      const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) =>
        c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4,
      );
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: string, b: string) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
    for (const { light, dark } of Object.values(MAP_PALETTE))
      for (const fill of [light, dark]) expect([fill, contrast(fill, inkOn(fill)) >= 3]).toEqual([fill, true]);
  });
});
