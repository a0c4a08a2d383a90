// One cell of a sweep and the grid: axis values and row-major order, axes
// checked against the model (all problems at once), the bouncing ball's
// impacts before T against the closed form cell by cell, starts that fail
// as cells, and the 'final' classifier against free fall.
import { describe, expect, it } from 'vitest';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { axisValues, cellInputs, gridCells, runCell, type SweepCell } from '../../../src/runtime/sweep/sweep-cell.js';
import { SimulationError } from '../../../src/runtime/errors.js';
import * as generatedBall from '../../../generated/bouncing-ball.js';

const ball = generatedBall as unknown as LoadedModule;
const G = 9.81;

/**
 * Dropped from h at rest onto the floor with restitution e: the first impact
 * at t₁ = √(2h/g) with speed u = √(2gh), then flights 2eᵏu/g, so impact k + 1
 * at t₁ + (2u/g)(e + … + eᵏ), accumulating at t∞ = t₁ + 2ue/(g(1 − e)).
 */
function ballImpacts(h: number, e: number, T: number): { impacts: number; rest: boolean; accumulation: number; margin: number } {
  const u = Math.sqrt(2 * G * h);
  const accumulation = Math.sqrt((2 * h) / G) + (2 * u * e) / (G * (1 - e));
  const times = [Math.sqrt((2 * h) / G)];
  while (times.length < 200) times.push(times.at(-1)! + (2 * u * e ** times.length) / G);
  // How far T is from every impact and from the accumulation point: a cell this close to one would be ambiguous.
  const margin = Math.min(Math.abs(accumulation - T), ...times.map((t) => Math.abs(t - T)));
  return { impacts: times.filter((t) => t < T).length, rest: accumulation < T, accumulation, margin };
}

describe('the grid', () => {
  it('has count values from `from` to `to`, both ends exact', () => {
    expect(axisValues({ name: 'y', from: 0.5, to: 2, count: 4 })).toEqual([0.5, 1, 1.5, 2]);
    expect(axisValues({ name: 'y', from: 0.1, to: 0.7, count: 7 }).at(-1)).toBe(0.7);
    expect(axisValues({ name: 'y', from: 3, to: 9, count: 1 })).toEqual([3]);
  });

  it('is row-major: the first axis varies slowest, a cell made by its index alone', () => {
    const grid = [
      { name: 'y', from: 0, to: 1, count: 2 },
      { name: 'e', from: 10, to: 30, count: 3 },
    ];
    expect(cellInputs(ball, grid).inputs.map((c) => [c.index, c.at])).toEqual([
      [0, { y: 0, e: 10 }],
      [1, { y: 0, e: 20 }],
      [2, { y: 0, e: 30 }],
      [3, { y: 1, e: 10 }],
      [4, { y: 1, e: 20 }],
      [5, { y: 1, e: 30 }],
    ]);
    const cell = gridCells(ball, grid)(4);
    expect([cell.at, cell.q0, cell.params]).toEqual([{ y: 1, e: 20 }, [1], { e: 20 }]);
    expect(Object.keys(cell.at)).toEqual(['y', 'e']);
  });

  it("sets coordinates, velocities (name') and parameters", () => {
    const { inputs } = cellInputs(
      ball,
      [
        { name: "y'", from: -1, to: 1, count: 2 },
        { name: 'e', from: 0.5, to: 0.5, count: 1 },
      ],
      { q0: [2], params: { g: 9 } },
    );
    expect(inputs.map((c) => [c.q0, c.qd0, c.params])).toEqual([
      [[2], [-1], { g: 9, e: 0.5 }],
      [[2], [1], { g: 9, e: 0.5 }],
    ]);
  });

  it('refuses unknown names, bad counts and a third axis, all at once', () => {
    let err: unknown;
    try {
      cellInputs(ball, [
        { name: 'z', from: 0, to: 1, count: 2 },
        { name: 'e', from: 0, to: 1, count: 0 },
        { name: 'g', from: 0, to: Infinity, count: 2 },
      ]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SimulationError);
    expect((err as SimulationError).code).toBe('invalid-option');
    const text = (err as Error).message;
    expect(text).toMatch(/one or two axes, got 3/);
    expect(text).toMatch(/axis 'z' is neither a coordinate/);
    expect(text).toMatch(/axis 'e': count must be a positive integer, got 0/);
    expect(text).toMatch(/axis 'g': from and to must be finite/);
  });

  it('keeps a cell whose start throws as a failed cell', () => {
    const { inputs, failed } = cellInputs(ball, [{ name: 'y', from: -1, to: 1, count: 2 }], {}, (at) => {
      if (at.y! < 0) throw new SimulationError('initial-penetration', 'input', 'below the floor', { model: 'bouncing-ball' });
      return { q0: [at.y!], qd0: [0] };
    });
    expect(inputs.map((c) => c.index)).toEqual([1]);
    expect(failed).toEqual([
      { index: 0, at: { y: -1 }, values: {}, error: { code: 'initial-penetration', message: "[model 'bouncing-ball'] below the floor" } },
    ]);
  });
});

describe('a cell of the bouncing ball', () => {
  it('counts the impacts before T as the closed form does, and rests past the accumulation point, cell by cell', () => {
    const T = 2;
    const { inputs } = cellInputs(ball, [
      { name: 'y', from: 0.2, to: 2, count: 4 },
      { name: 'e', from: 0.3, to: 0.9, count: 4 },
    ]);
    let rests = 0,
      moving = 0;
    for (const input of inputs) {
      const cell = runCell(ball, { kind: 'simulate', t1: T, classify: 'impacts' }, input);
      const expected = ballImpacts(input.at.y!, input.at.e!, T);
      expect(expected.margin).toBeGreaterThan(1e-3);
      expect(cell.error).toBeUndefined();
      expect(cell.values.rest).toBe(expected.rest);
      expect(cell.values['impacts floor']).toBe(cell.values.impacts);
      if (expected.rest) {
        rests++;
        expect(cell.values['rest t'] as number).toBeCloseTo(expected.accumulation, 6);
      } else {
        moving++;
        expect(cell.values.impacts).toBe(expected.impacts);
        expect(cell.values['rest t']).toBeNull();
      }
    }
    expect([rests, moving].every((k) => k > 2)).toBe(true);
  });

  it('rests at the touchdown when the impact is plastic (e = 0): one impact, then lasting contact at t₁ = √(2h/g)', () => {
    const [input] = cellInputs(ball, [
      { name: 'y', from: 2, to: 2, count: 1 },
      { name: 'e', from: 0, to: 0, count: 1 },
    ]).inputs;
    const cell = runCell(ball, { kind: 'simulate', t1: 2, classify: 'impacts' }, input!);
    expect(cell.values.impacts).toBe(1);
    expect(cell.values.rest).toBe(true);
    expect(cell.values['rest t'] as number).toBeCloseTo(Math.sqrt((2 * 2) / G), 9);
  });

  it("'final' gives the state at t1: free fall y = h − gt²/2 before the first impact", () => {
    const [input] = cellInputs(ball, [{ name: 'y', from: 3, to: 3, count: 1 }]).inputs;
    const cell: SweepCell = runCell(ball, { kind: 'simulate', t1: 0.5, classify: 'final' }, input!);
    expect(cell.values.t).toBe(0.5);
    expect(cell.values['y(t)'] as number).toBeCloseTo(3 - (G * 0.25) / 2, 9);
    expect(cell.values["y'(t)"] as number).toBeCloseTo(-G * 0.5, 9);
  });

  it('a failed run is a failed cell with its code, not a thrown error', () => {
    const [input] = cellInputs(ball, [{ name: 'y', from: 1, to: 1, count: 1 }]).inputs;
    const cell = runCell(ball, { kind: 'simulate', t1: 2, classify: 'final', maxSteps: 2 }, input!);
    expect(cell.values).toEqual({});
    expect(cell.error?.code).toBe('max-steps');
  });
});
