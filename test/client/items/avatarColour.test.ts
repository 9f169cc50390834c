import { avatarColour, luminance } from '../../../src/client/items/display/avatarColour';

const contrastWithWhite = (rgb: [number, number, number]): number => 1.05 / (luminance(rgb) + 0.05);

describe('avatarColour', () => {
  it('gives white initials at least 4.5:1 whatever hue an id falls on', () => {
    const ids = Array.from({ length: 2000 }, (_, n) => `Contact-${n + 1}`);
    const worst = Math.min(...ids.map((id) => contrastWithWhite(avatarColour(id))));
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });

  it('is the same for the same id and differs between ids', () => {
    expect(avatarColour('Contact-7')).toEqual(avatarColour('Contact-7'));
    expect(new Set(['Contact-1', 'Contact-2', 'Contact-3', 'User-1'].map((id) => avatarColour(id).join(','))).size).toBe(4);
  });
});
