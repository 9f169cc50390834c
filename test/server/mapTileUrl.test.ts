/** MAP_TILE_URL (issue 17): an OSM-style tile template reaches the browser in the site config; a malformed one stops the start. */
import { configFromEnv } from '../../src/server/config';
import { siteConfigOf } from '../../src/server/http/indexHtml';

describe('MAP_TILE_URL', () => {
  it('is passed to the browser as the site config mapTileUrl, null when unset', () => {
    const url = 'https://tiles.example.org/{z}/{x}/{y}.png';
    expect(siteConfigOf(configFromEnv({ MAP_TILE_URL: url })).mapTileUrl).toBe(url);
    expect(siteConfigOf(configFromEnv({})).mapTileUrl).toBeNull();
    expect(siteConfigOf(configFromEnv({})).defaultBounds).toEqual([-141, 48, -53, 70]);
  });

  it('refuses a template that is not http(s) or lacks {z}, {x} or {y}', () => {
    for (const bad of ['ftp://tiles.example.org/{z}/{x}/{y}.png', 'https://tiles.example.org/{z}/{x}.png'])
      expect(() => configFromEnv({ MAP_TILE_URL: bad })).toThrow(/MAP_TILE_URL/);
  });
});
