// The sliding support's numerics (src/numeric/sliding-support.ts, printed
// from the IR): leastNormWeights against the characterization of the point
// of least norm on an affine hull (Σλ = 1 and p ⊥ every difference pᵢ − p₀),
// with repeated points among them; dependentHeld against rows built to lie in
// the others' span or not. slidingSupport itself is checked on the box's
// phases (test/runtime/contact/indeterminate-reactions.test.ts) and in C
// (test/codegen/c-driver-friction.test.ts).
import { describe, expect, it } from 'vitest';
import { dependentHeld, leastNormWeights } from '../../src/numeric/sliding-support.js';
import { rng, uniform } from '../helpers/random.js';

/** leastNormWeights with its scratch allocated. */
function weightsOf(k: number, points: readonly (readonly number[])[]): number[] {
  const count = points.length;
  const weights = new Float64Array(count);
  leastNormWeights(
    k,
    count,
    Float64Array.from(points.flat()),
    weights,
    new Float64Array(k * count),
    new Float64Array(count * k),
    new Float64Array(k),
    new Float64Array(count * count),
    new Float64Array(count),
    new Int32Array(count),
  );
  return [...weights];
}

const combine = (points: readonly (readonly number[])[], w: readonly number[]): number[] =>
  points[0]!.map((_, x) => points.reduce((s, p, a) => s + w[a]! * p[x]!, 0));
const dot = (a: readonly number[], b: readonly number[]): number => a.reduce((s, v, i) => s + v * b[i]!, 0);

describe('leastNormWeights', () => {
  const r = rng(31);
  it('the point of least norm on the hull: weights summing to 1, the point orthogonal to every difference (200 random sets)', () => {
    for (let trial = 0; trial < 200; trial++) {
      const k = 2 + (trial % 4);
      const count = 2 + (trial % 3);
      const points = Array.from({ length: count }, () => Array.from({ length: k }, () => uniform(r, -2, 2)));
      // One set in four repeats a point: its difference is dependent and takes no weight of its own.
      if (trial % 4 === 0) points[count - 1] = [...points[0]!];
      const w = weightsOf(k, points);
      const p = combine(points, w);
      expect(w.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 12);
      for (const q of points.slice(1)) {
        const d = q.map((v, x) => v - points[0]![x]!);
        expect(Math.abs(dot(p, d))).toBeLessThan(1e-10 * (1 + dot(d, d)));
      }
    }
  });
  it('on a segment: the foot of the perpendicular from the origin, by hand', () => {
    // Points (1, 1) and (1, −3): the hull is x = 1, its nearest point (1, 0) = ¾·(1, 1) + ¼·(1, −3).
    const w = weightsOf(2, [
      [1, 1],
      [1, -3],
    ]);
    expect(w[0]).toBeCloseTo(0.75, 14);
    expect(w[1]).toBeCloseTo(0.25, 14);
  });
  it('one point, or all points equal: all weight on the first', () => {
    expect(weightsOf(3, [[1, 2, 3]])).toEqual([1]);
    expect(
      weightsOf(2, [
        [1, 2],
        [1, 2],
        [1, 2],
      ]),
    ).toEqual([1, 0, 0]);
  });
});

describe('dependentHeld', () => {
  /** dependentHeld with its scratch allocated: which rows are flagged, and how many. */
  function flagged(n: number, G: readonly (readonly number[])[], modes: readonly number[]): { dependent: number[]; count: number } {
    const m = G.length;
    const dependent = new Int32Array(m);
    const count = dependentHeld(
      n,
      m,
      Float64Array.from(G.flat()),
      Int32Array.from(modes),
      dependent,
      new Float64Array(n * m),
      new Float64Array(n),
      new Float64Array(m * n),
      new Float64Array(n),
      new Float64Array(n),
    );
    return { dependent: [...dependent], count };
  }
  it('a box flat on four corners: each corner row is in the span of the other three (n = 3: y, and two tilts)', () => {
    // Rows (1, ±a, ±b): any one is a combination of the other three.
    const G = [
      [1, 0.5, 0.3],
      [1, -0.5, 0.3],
      [1, -0.5, -0.3],
      [1, 0.5, -0.3],
    ];
    expect(flagged(3, G, [1, 1, 1, 1])).toEqual({ dependent: [1, 1, 1, 1], count: 4 });
    // Three corners are independent; an open contact (mode 0) is never flagged nor spans the others.
    expect(flagged(3, G, [1, 1, 1, 0])).toEqual({ dependent: [0, 0, 0, 0], count: 0 });
  });
  it('rows in general position are independent; a repeated row and its twin are flagged, the third is not', () => {
    expect(
      flagged(
        3,
        [
          [1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ],
        [1, 1, 1],
      ),
    ).toEqual({ dependent: [0, 0, 0], count: 0 });
    expect(
      flagged(
        3,
        [
          [1, 2, 0],
          [2, 4, 0],
          [0, 0, 1],
        ],
        [1, -1, 1],
      ),
    ).toEqual({ dependent: [1, 1, 0], count: 2 });
  });
});
