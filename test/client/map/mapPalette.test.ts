/** How the map draws a cluster of markers: one layer's colour, or the neutral grey for several. */
import { clusterLook, DEFAULT_MARKER_RADIUS, paletteColour } from '../../../src/client/map/mapPalette';

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
