/**
 * Preloaded into a benchmark's server process (`node --import ./scripts/bench/loopWatch.mjs`) by
 * `bench:load -- --explain`: it tells why a ping waited. It times the main thread's garbage
 * collections and finds its stretches of 5 ms or more without a turn of the event loop (a 1 ms timer
 * that ran late), and which of those a collection overlapped; and every minute it notes the process's
 * memory, by kind (the JavaScript heap as the last full collection left it, buffers, the rest). On
 * exit it writes its figures as JSON to LOOP_WATCH_FILE.
 */
import { writeFileSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';

const out = process.env.LOOP_WATCH_FILE;
if (!out) throw new Error('loopWatch.mjs needs LOOP_WATCH_FILE');

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
/** Each collection: [kind, start, duration] in ms of performance.now(). */
const collections = [];
/** The JavaScript heap's use just after the latest full (mark-compact) collection: what was live. */
let liveHeap = NaN;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    collections.push([KINDS[e.detail?.kind] ?? 'other', e.startTime, e.duration]);
    if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) liveHeap = process.memoryUsage().heapUsed;
  }
}).observe({ entryTypes: ['gc'] });

/** Each minute's memory, in bytes. */
const minutes = [];
setInterval(() => {
  const m = process.memoryUsage();
  minutes.push({ rss: m.rss, liveHeap, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers });
}, 60_000).unref();

/** Each stretch without a turn of the loop: [end, length] in ms. */
const stretches = [];
let last = performance.now();
setInterval(() => {
  const now = performance.now();
  const late = now - last - 1;
  if (late >= 5) stretches.push([now, late]);
  last = now;
}, 1).unref();
const started = performance.now();

process.on('exit', () => {
  const byKind = {};
  for (const [kind, , ms] of collections) {
    const k = (byKind[kind] ??= { count: 0, totalMs: 0, over5: 0, maxMs: 0 });
    k.count++;
    k.totalMs += ms;
    if (ms >= 5) k.over5++;
    k.maxMs = Math.max(k.maxMs, ms);
  }
  const duringCollection = stretches.filter(([end, ms]) => collections.some(([, start, d]) => start < end && start + d > end - ms));
  writeFileSync(
    out,
    JSON.stringify({
      seconds: (performance.now() - started) / 1000,
      collections: byKind,
      stretches: stretches.length,
      stretchesOver10: stretches.filter(([, ms]) => ms >= 10).length,
      stretchMs: stretches.reduce((n, [, ms]) => n + ms, 0),
      stretchesDuringCollection: duringCollection.length,
      heapUsedMb: process.memoryUsage().heapUsed / 2 ** 20,
      minutes,
    }),
  );
});
