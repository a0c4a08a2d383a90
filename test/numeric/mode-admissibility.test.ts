// The tests of one contact's mode (src/numeric/mode-admissibility.ts) on
// phase outputs written by hand for one coordinate and one contact, laid out
// as frictionPhase's: [q̈, σ̇, τ…, det]. Each case is the inequality of the
// header worked out by hand: g̈ ≥ 0 open, σ̇ > 0 held, |τ| ≤ μs σ̇ sticking,
// s̈·d > 0 sliding from rest (≥ 0 within the tolerance at the cone's edge).
import { describe, expect, it } from 'vitest';
import { accelerationChange, contactAdmissible, gapAdmissible, motionsDiffer, slideFromRest, stickForce } from '../../src/numeric/mode-admissibility.js';

describe('accelerationChange and stickForce', () => {
  it('adds w J_row (q̈ − q̈_alone) and Σ|J|(|q̈| + |q̈_alone|) to what acc holds', () => {
    const acc = Float64Array.of(1, 1);
    // Row 1 of [[1, 2], [3, 4]] with w = −1: −(3·0.5 + 4·(−1)) = 2.5; 3·1.5 + 4·3 = 16.5.
    accelerationChange(2, [1, 2, 3, 4], 1, -1, [1, 1], [0.5, 2], acc);
    expect([...acc]).toEqual([3.5, 17.5]);
  });
  it('|τ| over the slip rows: the 3-4-5 triangle', () => {
    expect(stickForce(1, 1, 0, 2, [0, 5, 3, 4, 1])).toBe(5);
    expect(stickForce(1, 1, 0, 1, [0, 5, -3, 1])).toBe(3);
  });
});

describe('gapAdmissible and motionsDiffer: the held set without friction', () => {
  it('an open contact: g̈ = G (q̈ − q̈_alone) ≥ 0 within 1e-9 of its scale', () => {
    const acc = new Float64Array(2);
    // Contact 1's row [2, −1]: g̈ = 2·(1 − 0) − (1 − 3) = 4; then 2·(0 − 1) − 0 = −2.
    expect(gapAdmissible(2, [0, 0, 2, -1], 1, [1, 1], [0, 3], acc)).toBe(true);
    expect(acc[0]).toBe(4);
    expect(gapAdmissible(2, [0, 0, 2, -1], 1, [0, 3], [1, 3], acc)).toBe(false);
  });
  it('motions differ by more than 1e-8 (1 + |b|): 2e-8 on 2 does not, 4e-8 does', () => {
    expect(motionsDiffer(2, [1, 2 + 2e-8], [1, 2])).toBe(false);
    expect(motionsDiffer(2, [1, 2 + 4e-8], [1, 2])).toBe(true);
    // Only the first n entries are motions.
    expect(motionsDiffer(1, [1, 5], [1, 2])).toBe(false);
  });
});

describe('slideFromRest: the cone decides', () => {
  /** Planar, σ̇ = 2 and τ = 3 with the contact sticking. */
  const stick = [0, 2, 3, 1];
  const planar = (muS: number, code: number, leaving: boolean, out: readonly number[] = stick): [boolean, number] => {
    const d = new Float64Array(1);
    return [slideFromRest(1, 1, 0, 0, 1, muS, code, leaving, out, d), d[0]!];
  };
  it('outside the cone (3 > 1·2) the slide may start, opposite to τ', () => {
    expect(planar(1, -1, false)).toEqual([true, -1]);
  });
  it('inside the cone (3 ≤ 2·2) sticking excludes it, except at the edge just crossed, and there only opposite to τ', () => {
    expect(planar(2, -1, false)[0]).toBe(false);
    expect(planar(2, -1, true)[0]).toBe(true);
    expect(planar(2, 1, true)[0]).toBe(false);
  });
  it('at the edge with τ = 0 there is no direction', () => {
    expect(planar(0, -1, true, [0, 2, 0, 1])[0]).toBe(false);
  });
  it('spatial: |τ| = 5 against μs σ̇, direction −τ/|τ|', () => {
    const d = new Float64Array(2);
    expect(slideFromRest(1, 1, 0, 0, 2, 1, 1, false, [0, 2, 3, 4, 1], d)).toBe(true);
    expect([...d]).toEqual([-0.6, -0.8]);
    expect(slideFromRest(1, 1, 0, 0, 2, 3, 1, false, [0, 2, 3, 4, 1], d)).toBe(false);
  });
});

describe('contactAdmissible: one coordinate, gap row G = [1], slip row S = [2], q̈ held alone 0.5', () => {
  const acc = new Float64Array(2);
  const [G, S, alone] = [[1], [2], [0.5]];
  /** Whether the code is admissible for the phase output [q̈, σ̇, τ, det]. */
  const test = (code: number, out: readonly number[], o: { coulomb?: boolean; d?: number[]; leaving?: boolean; skew?: number; muS?: number } = {}): boolean =>
    contactAdmissible(
      1,
      1,
      0,
      code,
      o.coulomb ?? true,
      o.muS ?? 0.5,
      0,
      1,
      out,
      G,
      S,
      o.d ?? [],
      o.d !== undefined,
      o.leaving ?? false,
      o.skew ?? 0,
      alone,
      acc,
    );

  it('open: g̈ = q̈ − 0.5 ≥ 0, within 1e-9 of its scale', () => {
    expect(test(0, [1, 0, 0, 1])).toBe(true);
    expect(test(0, [0, 0, 0, 1])).toBe(false);
    expect(test(0, [0.5 - 1e-12, 0, 0, 1])).toBe(true);
  });
  it('held: σ̇ > 0, and nothing else without Coulomb friction', () => {
    expect(test(1, [0, 1, 9, 1], { coulomb: false })).toBe(true);
    expect(test(1, [0, 0, 9, 1], { coulomb: false })).toBe(false);
    expect(test(2, [0, -1, 0, 1])).toBe(false);
  });
  it('sticking: |τ| ≤ μs σ̇ (μs = 0.5, σ̇ = 2), the edge included', () => {
    expect(test(2, [0, 2, 1, 1])).toBe(true);
    expect(test(2, [0, 2, -1, 1])).toBe(true);
    expect(test(2, [0, 2, 1.5, 1])).toBe(false);
  });
  it('sliding on: no test of its acceleration', () => {
    expect(test(1, [-7, 2, 0, 1])).toBe(true);
  });
  it('sliding from rest along d: s̈·d = 2 (q̈ − 0.5) d > 0; ≥ 0 within the tolerance at the edge', () => {
    expect(test(-1, [0, 2, 0, 1], { d: [-1] })).toBe(true);
    expect(test(1, [0, 2, 0, 1], { d: [1] })).toBe(false);
    expect(test(-1, [0.5, 2, 0, 1], { d: [-1] })).toBe(false);
    expect(test(-1, [0.5, 2, 0, 1], { d: [-1], leaving: true })).toBe(true);
    // s̈·d = −1e-6 of a scale of 2: past roundoff, within a skew of 1e-6.
    expect(test(-1, [0.5 + 5e-7, 2, 0, 1], { d: [-1], leaving: true })).toBe(false);
    expect(test(-1, [0.5 + 5e-7, 2, 0, 1], { d: [-1], leaving: true, skew: 1e-6 })).toBe(true);
  });
});
