import { markerTree, OTHER_GROUP_WEIGHT } from '../../../src/modules/spatial/markerTree';

const NAMES: Record<string, string> = { CABIN: 'Cabin', TRAIL: 'Trail', BURIAL_SITE: 'Burial site', OTHER: 'Other' };
const nameOf = (kind: string) => NAMES[kind] ?? kind;

describe('the places tree beside a map', () => {
  it('groups places by kind, named kinds by name, the other group (no kind, or OTHER) last; places by label', () => {
    const tree = markerTree(
      [
        { id: 'SpatialFeature-1', label: 'Upper trail', kind: 'TRAIL' },
        { id: 'SpatialFeature-2', label: 'Moose cabin', kind: 'CABIN' },
        { id: 'SpatialFeature-3', label: 'Unsorted find' },
        { id: 'SpatialFeature-4', label: 'Bear cabin', kind: 'CABIN' },
        { id: 'SpatialFeature-5', label: 'Old marker', kind: 'OTHER' },
        { id: 'SpatialFeature-6', label: 'Hill', kind: 'BURIAL_SITE' },
      ],
      nameOf,
    );
    expect(tree.map((g) => [g.key, g.weight, g.places.map((p) => p.label)])).toEqual([
      ['BURIAL_SITE', 0, ['Hill']],
      ['CABIN', 0, ['Bear cabin', 'Moose cabin']],
      ['TRAIL', 0, ['Upper trail']],
      ['OTHER', OTHER_GROUP_WEIGHT, ['Old marker', 'Unsorted find']],
    ]);
  });

  it('has no group without places', () => {
    expect(markerTree([], nameOf)).toEqual([]);
  });
});
