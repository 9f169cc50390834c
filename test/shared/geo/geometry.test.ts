import { describe, expect, it } from '@jest/globals';
import { boundsError, extentOfPairs, rectangleError } from '../../../src/shared/geo/bounds';
import { geometryError, MAX_GEOMETRY_VERTICES, positionsOf, type Geometry } from '../../../src/shared/geo/geometry';
import { markerHash, markerPosition } from '../../../src/shared/geo/markerPosition';
import { combineGeometries } from '../../../src/shared/geo/combineGeometries';

const square = [
  [0, 0],
  [2, 0],
  [2, 2],
  [0, 2],
  [0, 0],
];

describe('geometryError', () => {
  it('accepts points, lines and polygons and their Multi forms', () => {
    const ok: Geometry[] = [
      { type: 'Point', coordinates: [-120.5, 50.1] },
      { type: 'Point', coordinates: [-120.5, 50.1, 300] },
      {
        type: 'MultiPoint',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
      {
        type: 'LineString',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
      {
        type: 'MultiLineString',
        coordinates: [
          [
            [1, 2],
            [3, 4],
          ],
          [
            [5, 6],
            [7, 8],
          ],
        ],
      },
      { type: 'Polygon', coordinates: [square] },
      { type: 'MultiPolygon', coordinates: [[square], [square]] },
    ];
    for (const g of ok) expect(geometryError(g)).toBeNull();
  });

  it('refuses an unknown type, a collection, or what is not an object', () => {
    for (const v of [{ type: 'Blob', coordinates: [1, 2] }, { type: 'GeometryCollection', geometries: [] }, 'Point', [1, 2], null])
      expect(geometryError(v)).toBe('errors.geometry.type');
  });

  it('refuses coordinates that are not numbers, wrongly nested, or too few', () => {
    const bad = [
      { type: 'Point', coordinates: ['1', 2] },
      { type: 'Point', coordinates: [1] },
      { type: 'Point', coordinates: [[1, 2]] },
      { type: 'LineString', coordinates: [[1, 2]] },
      { type: 'Polygon', coordinates: [] },
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      { type: 'MultiPoint', coordinates: [] },
      { type: 'Point', coordinates: [Number.NaN, 2] },
      { type: 'Point' },
    ];
    for (const v of bad) expect(geometryError(v)).toBe('errors.geometry.coordinates');
  });

  it('refuses a longitude beyond ±180 or a latitude beyond ±90', () => {
    expect(geometryError({ type: 'Point', coordinates: [181, 0] })).toBe('errors.geometry.range');
    expect(
      geometryError({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [0, -90.5],
        ],
      }),
    ).toBe('errors.geometry.range');
  });

  it('refuses a ring that does not end where it starts', () => {
    expect(geometryError({ type: 'Polygon', coordinates: [square.slice(0, 4).concat([[0, 1]])] })).toBe('errors.geometry.ringNotClosed');
  });

  it(`refuses more than ${MAX_GEOMETRY_VERTICES} positions`, () => {
    const line = (n: number) => Array.from({ length: n }, (_, i) => [i / 100, 0]);
    expect(geometryError({ type: 'LineString', coordinates: line(MAX_GEOMETRY_VERTICES) })).toBeNull();
    expect(geometryError({ type: 'LineString', coordinates: line(MAX_GEOMETRY_VERTICES + 1) })).toBe('errors.geometry.tooManyVertices');
  });

  it('lists every position', () => {
    expect(positionsOf({ type: 'MultiPolygon', coordinates: [[square], [square]] })).toHaveLength(10);
    expect(positionsOf({ type: 'Point', coordinates: [1, 2] })).toEqual([[1, 2]]);
  });
});

describe('markerPosition and markerHash', () => {
  it('stands a marker on the point, halfway along a line, at a polygon centroid', () => {
    expect(markerPosition({ type: 'Point', coordinates: [1, 2] })).toEqual([1, 2]);
    expect(
      markerPosition({
        type: 'MultiPoint',
        coordinates: [
          [5, 6],
          [1, 2],
        ],
      }),
    ).toEqual([5, 6]);
    expect(
      markerPosition({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [4, 0],
          [4, 2],
        ],
      }),
    ).toEqual([3, 0]);
    expect(
      markerPosition({
        type: 'MultiLineString',
        coordinates: [
          [
            [0, 0],
            [1, 0],
          ],
          [
            [0, 5],
            [10, 5],
          ],
        ],
      }),
    ).toEqual([5, 5]);
    expect(markerPosition({ type: 'Polygon', coordinates: [square] })).toEqual([1, 1]);
    const big = square.map(([x, y]) => [x! * 3 + 10, y! * 3]);
    expect(markerPosition({ type: 'MultiPolygon', coordinates: [[square], [big]] })).toEqual([13, 3]);
  });

  it('keys a place by 5 decimals in base 36', () => {
    expect(markerHash([-120.123456, 50.1])).toBe(`${(-12012346).toString(36)},${(5010000).toString(36)}`);
    expect(markerHash([1.000001, 2])).toBe(markerHash([1.000004, 2]));
    expect(markerHash([1.00001, 2])).not.toBe(markerHash([1.00002, 2]));
  });
});

describe('bounds', () => {
  it('needs an even number of coordinates, at least 2', () => {
    expect(boundsError([1, 2])).toBeNull();
    expect(boundsError([1, 2, 3, 4, 5, 6])).toBeNull();
    for (const v of [[], [1], [1, 2, 3], [1, 'a'], 'x']) expect(boundsError(v)).toBe('errors.bounds.pairs');
    expect(extentOfPairs([1, 5, -3, 2, 4, 0])).toEqual([-3, 0, 4, 5]);
  });

  it('needs a rectangle of four numbers, west before east and south before north', () => {
    expect(rectangleError([-141, 48, -53, 70])).toBeNull();
    for (const v of [
      [1, 2],
      [1, 2, 3, 4, 5],
      [5, 0, 1, 1],
      [0, 5, 1, 1],
      [0, 0, 1, Number.NaN],
    ])
      expect(rectangleError(v)).toBe('errors.bounds.rectangle');
  });
});

describe('combineGeometries', () => {
  it('joins drawn shapes of one kind, a Multi form for several', () => {
    const a = { type: 'Point', coordinates: [1, 2] } as const;
    const b = { type: 'Point', coordinates: [3, 4] } as const;
    expect(combineGeometries([])).toBeNull();
    expect(combineGeometries([a])).toEqual(a);
    expect(combineGeometries([{ type: 'MultiPoint', coordinates: [[1, 2]] }, b])).toEqual({
      type: 'MultiPoint',
      coordinates: [
        [1, 2],
        [3, 4],
      ],
    });
    expect(combineGeometries([{ type: 'Polygon', coordinates: [square] }, a, { type: 'Polygon', coordinates: [square] }])).toEqual({
      type: 'MultiPolygon',
      coordinates: [[square], [square]],
    });
    expect(
      combineGeometries([
        {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
        {
          type: 'LineString',
          coordinates: [
            [2, 2],
            [3, 3],
          ],
        },
      ]),
    ).toEqual({
      type: 'MultiLineString',
      coordinates: [
        [
          [0, 0],
          [1, 1],
        ],
        [
          [2, 2],
          [3, 3],
        ],
      ],
    });
  });
});
