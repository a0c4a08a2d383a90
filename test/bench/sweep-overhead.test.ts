// The queue's overhead as bench/sweep-queue.ts reports it: the median of
// the rounds' own ratios (each round's two sweeps ran under the same load),
// not the ratio of the routes' medians, in % and µs per cell, with the ratios' [min, max] and the
// median's confidence interval, whose ranks are those of the binomial
// tables for the median (n = 10: 2nd and 9th; 15: 4th and 12th; 20: 6th and 15th).
import { describe, expect, it } from 'vitest';
import { medianInterval } from '../../bench/stats.js';
import { sweepOverhead, type SweepLine, type SweepRound } from '../../bench/sweep-queue.js';

const line = (route: 'tinypool' | 'queue', wallMs: number, cpuMs?: number): SweepLine => ({
  bench: 'sweep',
  basin: 'walker',
  route,
  workers: 1,
  cells: 1000,
  chunk: 100,
  cellsPerSec: Math.round(1e6 / wallMs),
  wallMs,
  ...(cpuMs === undefined ? {} : { cpuMs }),
  csvSha: 'same',
});
const round = (pool: [number, number?], queue: [number, number?]): SweepRound => ({ pool: line('tinypool', ...pool), queue: line('queue', ...queue) });

describe('sweepOverhead', () => {
  it('takes the median of the rounds’ ratios, wall and CPU, with their spread', () => {
    // Wall ratios +20 %, −10 %, +10 %; the routes' medians alone (100 and 120 ms) would say +20 %.
    // CPU ratios +5 %, +2 %, +8 %.
    const o = sweepOverhead([round([100, 400], [120, 420]), round([200, 500], [180, 510]), round([50, 300], [55, 324])]);
    expect(o).toMatchObject({ bench: 'sweep-overhead', basin: 'walker', workers: 1, cells: 1000, chunk: 100, rounds: 3, targetPct: 5 });
    expect(o.overheadPct).toBeCloseTo(10, 9);
    // Per cell: +20, −20 and +5 ms over 1000 cells.
    expect(o.overheadUsPerCell).toBeCloseTo(5, 9);
    expect(o.cpuOverheadPct).toBeCloseTo(5, 9);
    expect(o.cpuOverheadUsPerCell).toBeCloseTo(20, 9);
    expect(o.spread).toEqual({ overheadPct: [-10, 20], overheadUsPerCell: [-20, 20], cpuOverheadPct: [2, 8], cpuOverheadUsPerCell: [10, 24] });
    // Three rounds are too few for 95 %: the interval is the whole range.
    expect(o.ci95).toEqual(o.spread);
  });

  it('leaves out of the CPU figure a round whose CPU time was not read', () => {
    const o = sweepOverhead([round([100, 400], [110, 440]), round([100], [130]), round([100, 400], [100, 404])]);
    expect(o.overheadPct).toBeCloseTo(10, 9);
    // Only the first and third rounds: +10 % and +1 %, the upper of the two middles.
    expect(o.cpuOverheadPct).toBeCloseTo(10, 9);
    expect(o.spread).toEqual({ overheadPct: [0, 30], overheadUsPerCell: [0, 30], cpuOverheadPct: [1, 10], cpuOverheadUsPerCell: [4, 40] });
  });

  it('puts the queue’s CPU per cell beside the pool’s, process by process', () => {
    // The queue's CPU is its submitter's, its worker processes' and Redis's.
    const queued = (submitterCpuMs: number, workersCpuMs: number, redisCpuMs: number): SweepLine => ({
      ...line('queue', 110, submitterCpuMs + workersCpuMs + redisCpuMs),
      submitterCpuMs,
      workersCpuMs,
      redisCpuMs,
    });
    const o = sweepOverhead([
      { pool: line('tinypool', 100, 400), queue: queued(30, 400, 10) },
      { pool: line('tinypool', 100, 380), queue: queued(20, 390, 20) },
      { pool: line('tinypool', 100, 420), queue: queued(40, 410, 30) },
    ]);
    // µs per cell over the 1000 cells: the medians of each process's three rounds.
    expect(o.cpuUsPerCell).toEqual({ pool: 400, submitter: 30, workers: 400, redis: 20 });
    // The rounds' CPU ratios 440/400, 430/380 and 480/420: +10 %, +13.2 %, +14.3 %.
    expect(o.cpuOverheadPct).toBe(13.2);
  });
});

describe('medianInterval', () => {
  // The values shuffled, so that the interval's ranks are those of the sorted values.
  const ranks = (n: number): number[] => Array.from({ length: n }, (_, i) => ((i * 11) % n) + 1);

  it('takes the ranks of the binomial tables for the median’s 95 % interval', () => {
    expect(medianInterval(ranks(10))).toEqual([2, 9]);
    expect(medianInterval(ranks(15))).toEqual([4, 12]);
    expect(medianInterval(ranks(20))).toEqual([6, 15]);
  });

  it('is the whole range for 7 values or fewer (n = 6, 7: only the outermost ranks qualify; n = 5: none)', () => {
    // P(Binomial(6, ½) = 0) = 1/64 ≤ 2.5 %, P(Binomial(5, ½) = 0) = 1/32 > 2.5 %.
    for (const n of [5, 6, 7]) expect(medianInterval(ranks(n))).toEqual([1, n]);
  });
});
