import { groupBySpot, markerHash } from '../../../src/shared/geo/markerHash';

test('a spot is its coordinates rounded to 5 decimals, in base 36', () => {
  // 1.5 -> 150000 hundred-thousandths = "37qo" in base 36; 2 -> 200000 = "4abk".
  expect(markerHash(1.5, 2)).toBe(`${(150000).toString(36)},${(200000).toString(36)}`);
  expect(markerHash(1.5, 2)).toBe('37qo,4abk');
  // The sixth decimal rounds: up from 5, down below it.
  expect(markerHash(10.123456, 0)).toBe(markerHash(10.12346, 0));
  expect(markerHash(10.123454, 0)).toBe(markerHash(10.12345, 0));
  expect(markerHash(10.12345, 0)).not.toBe(markerHash(10.12346, 0));
});

test('west and south are negative, rounded like east and north, and no spot is "-0"', () => {
  expect(markerHash(-106.62, -54.21)).toBe(`-${(10662000).toString(36)},-${(5421000).toString(36)}`);
  expect(markerHash(-106.123456, 54)).toBe(markerHash(-106.12346, 54));
  expect(markerHash(-106.62, 54)).not.toBe(markerHash(106.62, 54));
  expect(markerHash(-0.000001, 0.000001)).toBe('0,0');
});

test('markers on the same spot group together, in order; a metre away is another spot', () => {
  const markers = [
    { id: 'a', lon: -106.62, lat: 54.21 },
    { id: 'b', lon: -97, lat: 54 },
    { id: 'c', lon: -106.620001, lat: 54.209999 },
    { id: 'd', lon: -106.62001, lat: 54.21 },
  ];
  expect(groupBySpot(markers).map((s) => s.markers.map((m) => m.id))).toEqual([['a', 'c'], ['b'], ['d']]);
});
