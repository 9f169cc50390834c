/** Deterministic data for the benchmarks: a seeded generator, a vocabulary and a Zipf word picker. */

/** A small deterministic generator, so every run seeds the same data. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = `the of and to in a is that for on with as was by at from this be are or it an have which not
river lake land water elders community treaty caribou moose fish camp trail harvest spring winter summer fall
meeting consultation permit mine road forest fire story song language place name family youth school health
hunting trapping berries medicine ceremony gathering council band nation territory map boundary site survey
archive photo recording interview transcript letter report agreement notice response review project impact`.split(/\s+/);
const SYLLABLES = ['ka', 'wa', 'ni', 'shi', 'ma', 'ko', 'ta', 'pi', 'na', 'gi', 'mo', 'ay', 'ee', 'sk', 'tl', 'kw', 'oo', 'an', 'ik', 'uq'];

/** 6,000 words: common English ones of field work first, then made-up words of Indigenous-language syllables. */
export function vocabulary(rand: () => number): string[] {
  const words = [...COMMON];
  while (words.length < 6000) {
    const n = 2 + Math.floor(rand() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    words.push(w);
  }
  return words;
}

/** Zipf-distributed word picker: a few words are everywhere, most are rare, as in real text. */
export function zipf<T>(words: readonly T[], rand: () => number): () => T {
  const cdf: number[] = [];
  let sum = 0;
  for (let r = 1; r <= words.length; r++) cdf.push((sum += 1 / r));
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
}
