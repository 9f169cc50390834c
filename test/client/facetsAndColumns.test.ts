import { revealScrollLeft } from '../../src/client/layout/columnScroll';
import { offeredBuckets } from '../../src/client/search/facetBuckets';

describe('offeredBuckets (issue 16, problem 5)', () => {
  it('keeps a chosen bucket the answer leaves out, with 0 hits, and leaves out empty ones not chosen', () => {
    const counted = [
      { key: 'Contact', count: 3 },
      { key: 'Meeting', count: 0 },
    ];
    expect(offeredBuckets(counted, [])).toEqual([{ key: 'Contact', count: 3 }]);
    expect(offeredBuckets(counted, ['Meeting', 'Organization'])).toEqual([
      { key: 'Contact', count: 3 },
      { key: 'Meeting', count: 0 },
      { key: 'Organization', count: 0 },
    ]);
    expect(offeredBuckets([], ['Organization'])).toEqual([{ key: 'Organization', count: 0 }]);
  });
});

describe('revealScrollLeft (issue 16, problem 2)', () => {
  it('shows the new column whole at the right edge, or from its start when it is wider than the strip', () => {
    // Everything fits: no scroll.
    expect(revealScrollLeft(1280, { left: 700, width: 580 })).toBe(0);
    // Five columns of 320 in 1280: the last ends at the right edge.
    expect(revealScrollLeft(1280, { left: 1280, width: 320 })).toBe(320);
    // An expanded column wider than the strip shows from its start, its toolbar's close button in view.
    expect(revealScrollLeft(1280, { left: 640, width: 1600 })).toBe(640);
  });
});
