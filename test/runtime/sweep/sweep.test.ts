// Sweeps on worker threads: the same cells with 1 and 2 workers and in the
// calling thread; progress up to the total; Kozlov's point over y = κx²/2
// (000 (4.1)), whose vertical bouncing is linearly stable iff κ < g/v²,
// swept in κ with the verdict flipping within one grid step of g/v²; a
// user's classifier module imported by the workers; the worker script a
// source checkout lacks.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGenerated } from '../../../src/pipeline/load-generated.js';
import { sweepWorkerScript } from '../../../src/pipeline/sweep-files.js';
import { generateModule } from '../../../src/codegen/module.js';
import { deriveSystem } from '../../../src/derive/system.js';
import { buildModel, defineModel } from '../../../src/model/index.js';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { sweep, sweepSerial } from '../../../src/runtime/sweep/sweep.js';
import type { SweepAxis } from '../../../src/runtime/sweep/sweep-cell.js';
import * as generatedBall from '../../../generated/bouncing-ball.js';

const G = 9.81;
const worker = sweepWorkerScript()!;
const ballSource = { source: compileGenerated(readFileSync(new URL('../../../generated/bouncing-ball.ts', import.meta.url), 'utf8'), 'esm') };
const BALL_GRID: SweepAxis[] = [
  { name: 'y', from: 0.2, to: 2, count: 5 },
  { name: 'e', from: 0.3, to: 0.9, count: 5 },
];

describe('a parallel sweep of the bouncing ball', () => {
  it('gives the same cells with 1 and 2 workers as in the calling thread, in grid order, with progress up to the total', async () => {
    const run = { kind: 'simulate', t1: 2, classify: 'impacts' } as const;
    const progress: [number, number][] = [];
    const one = await sweep(ballSource, { grid: BALL_GRID, run, workers: 1, worker });
    const two = await sweep(ballSource, { grid: BALL_GRID, run, workers: 2, worker, onProgress: (done, total) => progress.push([done, total]) });
    const serial = sweepSerial(generatedBall as unknown as LoadedModule, { grid: BALL_GRID, run });
    expect(two).toEqual(one);
    expect(two).toEqual(serial);
    expect(two.model).toBe('bouncing-ball');
    expect(two.cells.map((c) => c.index)).toEqual([...Array(25).keys()]);
    expect(two.cells[7]!.at).toEqual({ y: 0.2 + ((2 - 0.2) * 1) / 4, e: 0.3 + ((0.9 - 0.3) * 2) / 4 });
    // Both outcomes occur (the closed form of each cell is checked in sweep-cell.test.ts).
    expect(new Set(two.cells.map((c) => c.values.rest))).toEqual(new Set([true, false]));
    expect(progress.at(-1)).toEqual([25, 25]);
    expect(progress.every(([d], i) => i === 0 || d > progress[i - 1]![0])).toBe(true);
    expect(new Set(progress.map(([, t]) => t))).toEqual(new Set([25]));
  });

  it('imports a classifier module in each worker', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sweep-classifier-'));
    const file = join(dir, 'apex.mjs');
    // The highest point after the last impact, from the energy at t1: y + ẏ²/(2g).
    writeFileSync(file, `export function apex(tr) { const k = tr.t.length - 1; return { apex: tr.q[k][0] + tr.qd[k][0] ** 2 / (2 * ${G}) }; }\n`);
    const grid: SweepAxis[] = [{ name: 'y', from: 1, to: 2, count: 3 }];
    const r = await sweep(ballSource, { grid, run: { kind: 'simulate', t1: 0.3, classify: { module: file, export: 'apex' } }, workers: 2, worker });
    // No impact before 0.3 s from these heights: the energy keeps the apex at the drop height.
    r.cells.forEach((c) => expect(c.values.apex as number).toBeCloseTo(c.at.y!, 8));
    await expect(sweep(ballSource, { grid, run: { kind: 'simulate', t1: 0.3, classify: { module: file } }, worker })).rejects.toThrow(
      /no function export 'classify' \(exports: apex\)/,
    );
  });

  it('needs a worker script when running from TypeScript sources', async () => {
    await expect(sweep(ballSource, { grid: BALL_GRID, run: { kind: 'simulate', t1: 1, classify: 'final' } })).rejects.toThrow(
      /no worker script at .*sweep-worker\.js: running from TypeScript sources/,
    );
  });

  it('refuses a worker count that is not a positive integer', async () => {
    await expect(sweep(ballSource, { grid: BALL_GRID, run: { kind: 'simulate', t1: 1, classify: 'final' }, workers: 0, worker })).rejects.toThrow(
      /workers must be a positive integer, got 0/,
    );
  });
});

describe('Kozlov (4.1) swept in κ: a point bouncing vertically (e = 1, speed v) over y = κx²/2 is linearly stable iff κ < g/v²', () => {
  const spec = defineModel({
    name: 'point-over-parabola',
    coordinates: ['x', 'y'],
    parameters: { g: G, e: 1, k: 0.5 },
    kinetic: "(x'^2 + y'^2)/2",
    potential: 'g*y',
    unilateral: [{ name: 'floor', constraint: 'y - k*x^2/2 >= 0', law: { newton: 'e' } }],
  });

  it('the verdict flips within one grid step of κ = g/v², with 2 workers as with 1', async () => {
    const v = 3,
      critical = G / v ** 2;
    const source = { source: compileGenerated(generateModule(deriveSystem(buildModel(spec)), 'test/point-over-parabola.ts').source, 'esm') };
    const grid: SweepAxis[] = [{ name: 'k', from: 0.5 * critical, to: 1.5 * critical, count: 10 }];
    // From the apex line x = 0 pushed sideways (ẋ = 0.02) with the impact speed v held: Newton finds x = ẋ = 0.
    const opts = { grid, base: { q0: [0, 0], qd0: [0.02, v] }, run: { kind: 'orbit', section: { contact: 'floor' }, fix: ["y'"] } as const, worker };
    const two = await sweep(source, { ...opts, workers: 2 });
    const one = await sweep(source, { ...opts, workers: 1 });
    expect(two).toEqual(one);
    expect(two.cells.every((c) => c.values.found === true)).toBe(true);
    const stable = two.cells.map((c) => c.values.stable);
    const flip = stable.indexOf(false);
    expect(flip).toBeGreaterThan(0);
    expect(stable.slice(0, flip).every((s) => s === true) && stable.slice(flip).every((s) => s === false)).toBe(true);
    const below = two.cells[flip - 1]!.at.k!,
      above = two.cells[flip]!.at.k!;
    expect(below).toBeLessThan(critical);
    expect(above).toBeGreaterThan(critical);
    expect(above - below).toBeCloseTo(critical / 9, 12);
    // The period is the flight 2v/g at every κ, and the stable side's multipliers lie on the unit circle.
    two.cells.forEach((c) => expect(c.values.period as number).toBeCloseTo((2 * v) / G, 9));
    two.cells.slice(0, flip).forEach((c) => expect(c.values['max |mu|'] as number).toBeCloseTo(1, 6));
    // Past the flip the largest multiplier is the real root of z² − (2 − 4κv²/g)z + 1.
    two.cells.slice(flip).forEach((c) => {
      const tr = 2 - (4 * c.at.k! * v * v) / G;
      expect(c.values['max |mu|'] as number).toBeCloseTo((Math.abs(tr) + Math.sqrt(tr * tr - 4)) / 2, 6);
    });
  });
});
