// The rules of an event of rigid contacts (src/numeric/contact-events.ts),
// which the runtime and the C driver both call: the classification of a
// contact at its tolerances' edges, the gaps' sinks, and the summing of a
// cascade against closed forms — the bouncing ball's accumulation point
// t₀ + 2e v₀/(g(1 − e)), a rocking pattern's t₀ + (a + b)/(1 − r), and a
// limit velocity from post-impact velocities L + C eᵏ; the rest's tests.
import { describe, expect, it } from 'vitest';
import {
  cascadeCleared,
  cascadeHoldable,
  cascadeLimit,
  cascadeRest,
  cascadeStart,
  cascadeTouchdown,
  contactApproaches,
  contactClosed,
  contactRests,
  gapSinks,
  struckContacts,
} from '../../src/numeric/contact-events.js';

describe('which contacts are closed, approaching, at rest', () => {
  it('closed: g ≤ gapTol, and held before or admitted', () => {
    expect(contactClosed(1e-9, 1e-9, true, false)).toBe(true);
    expect(contactClosed(-3e-9, 1e-9, false, true)).toBe(true);
    expect(contactClosed(1.1e-9, 1e-9, true, true)).toBe(false);
    expect(contactClosed(0, 1e-9, false, false)).toBe(false);
  });
  it('an impact below −restVelocity only; a rest candidate up to +restVelocity, unless just released', () => {
    expect(contactApproaches(true, -1.1e-6, 1e-6)).toBe(true);
    expect(contactApproaches(true, -1e-6, 1e-6)).toBe(false);
    expect(contactApproaches(false, -1, 1e-6)).toBe(false);
    expect(contactRests(true, 1e-6, 1e-6, false)).toBe(true);
    expect(contactRests(true, 1.1e-6, 1e-6, false)).toBe(false);
    expect(contactRests(true, 0, 1e-6, true)).toBe(false);
    expect(contactRests(false, 0, 1e-6, false)).toBe(false);
  });
  it('struck: the contacts given an impulse, else the approaching ones', () => {
    const struck = new Int32Array(3);
    struckContacts(3, [0, -0.2, 0], [true, true, false], struck);
    expect([...struck]).toEqual([0, 1, 0]);
    struckContacts(3, [0, -0, 0], [true, false, true], struck);
    expect([...struck]).toEqual([1, 0, 1]);
  });
  it('a sink is gapTol below the surface, or below a start inside it', () => {
    const sinks = new Float64Array(4);
    gapSinks(4, [0.5, -2e-9, 0, -0], 1e-9, sinks);
    expect([...sinks]).toEqual([1e-9, 1e-9 + 2e-9, 1e-9, 1e-9]);
  });
});

/** Impact times t₀, t₀ + Δ₀, … with the intervals `dt`. */
function impactTimes(t0: number, dt: readonly number[]): number[] {
  const times = [t0];
  for (const d of dt) times.push(times.at(-1)! + d);
  return times;
}

describe('a cascade summed', () => {
  const out = new Float64Array(2);

  it('the bouncing ball (e = 0.8, v₀ = 4.43 m/s): summed once the rest is below 1e-5 of the cascade, at the closed form', () => {
    const [g, e, v0] = [9.81, 0.8, 4.43];
    const t0 = v0 / g;
    // Δᵢ = 2 v₀ eⁱ⁺¹/g: the flights after impact i.
    const times = impactTimes(
      t0,
      Array.from({ length: 80 }, (_, i) => (2 * v0 * e ** (i + 1)) / g),
    );
    let k = 0;
    while (k < times.length && cascadeRest(k, times, t0, false, 1e-5, out) === 0) k++;
    // R = Δ_{k−1} e/(1 − e) ∝ eᵏ, t_k − t₀ ∝ 1 − eᵏ: R ≤ 1e-5 (t_k − t₀) first where eᵏ ≤ 1e-5/(1 + 1e-5), k = ⌈51.6⌉.
    expect(k).toBe(52);
    expect(out[0]).toBeCloseTo(t0 + (2 * e * v0) / (g * (1 - e)), 12);
    expect(out[1]).toBe(k - 4);
  });

  it('rocking between two contacts (intervals 0.469, 0.947, then ×0.5 per pair): period 2 at t₀ + (a + b)/(1 − r)', () => {
    const [a, b, r] = [0.469, 0.947, 0.5];
    const times = impactTimes(
      1,
      Array.from({ length: 7 }, (_, i) => (i % 2 ? b : a) * r ** Math.floor(i / 2)),
    );
    // Six impacts: too few for period 2 (k ≥ 6); seven, and a touchdown ends it (final).
    expect(cascadeRest(5, times, 1, true, 1e-5, out)).toBe(0);
    expect(cascadeRest(6, times, 1, true, 1e-5, out)).toBe(2);
    expect(out[0]).toBeCloseTo(1 + (a + b) / (1 - r), 12);
    expect(out[1]).toBe(0);
    // Not final: 8 % of the cascade remains, far above 1e-5 of it.
    expect(cascadeRest(6, times, 1, false, 1e-5, out)).toBe(0);
  });

  it('irregular intervals (a pendulum beating on a wall) are no cascade, even when a touchdown ends them', () => {
    const times = impactTimes(0, [0.3, 0.2, 0.25, 0.1, 0.12, 0.05, 0.07, 0.02]);
    expect(cascadeRest(times.length - 1, times, 0, true, 1e-5, out)).toBe(0);
  });

  it('the limit velocity: q̇ after impact k, L + C eᵏ, extrapolated by r = e² per two impacts to L', () => {
    const e = 0.7;
    const L = [1.5, -0.25],
      C = [2, 3];
    const times = impactTimes(
      0,
      Array.from({ length: 8 }, (_, i) => e ** i),
    );
    const velocity = (k: number): number[] => L.map((l, i) => l + C[i]! * e ** k);
    const limit = new Float64Array(2);
    cascadeLimit(2, 8, times, velocity(8), velocity(6), limit);
    expect(limit[0]).toBeCloseTo(L[0]!, 12);
    expect(limit[1]).toBeCloseTo(L[1]!, 12);
  });

  it('rests only where q̈ is finite and every held σ̇ pushes', () => {
    // Two coordinates, two contacts held: [q̈₁, q̈₂, σ̇₁, σ̇₂].
    expect(cascadeHoldable(2, 2, [0, -1, 4.9, 4.9])).toBe(true);
    expect(cascadeHoldable(2, 2, [Number.NaN, -1, 4.9, 4.9])).toBe(false);
    expect(cascadeHoldable(2, 2, [0, -1, 4.9, 0])).toBe(false);
    // The third entry past the k held is not read.
    expect(cascadeHoldable(2, 1, [0, -1, 4.9, -1])).toBe(true);
  });

  it('the held phase starts at q̇∞ − q̈ (t∞ − t): a slide braking at 2 m/s² reaches 1 m/s 0.25 s later from 1.5', () => {
    const qd = new Float64Array(2);
    cascadeStart(2, [1, 0], [-2, 0], 0.25, qd);
    expect([...qd]).toEqual([1.5, 0]);
  });

  it('a touchdown ends the cascade where no impact and no rest came first and every contact closing was struck in it', () => {
    const [before, held] = [
      [true, false, false],
      [true, true, false],
    ];
    expect(cascadeTouchdown(3, 0, false, before, held, [false, true, false])).toBe(true);
    // A contact closing that the cascade never struck: a new motion, not its end.
    expect(cascadeTouchdown(3, 0, false, before, [true, true, true], [false, true, false])).toBe(false);
    expect(cascadeTouchdown(3, 1, false, before, held, [false, true, false])).toBe(false);
    expect(cascadeTouchdown(3, 0, true, before, held, [false, true, false])).toBe(false);
    // Nothing closing (a held contact only kept): no touchdown.
    expect(cascadeTouchdown(3, 0, false, before, before, [true, true, true])).toBe(false);
  });

  it('the cascade is cleared by a rest, or by a change of the held set that no impact caused', () => {
    const before = [true, false];
    expect(cascadeCleared(2, 3, true, before, before)).toBe(true);
    expect(cascadeCleared(2, 0, false, before, [false, false])).toBe(true);
    expect(cascadeCleared(2, 0, false, before, [true, true])).toBe(true);
    expect(cascadeCleared(2, 0, false, before, [true, false])).toBe(false);
    expect(cascadeCleared(2, 1, false, before, [false, true])).toBe(false);
  });
});
