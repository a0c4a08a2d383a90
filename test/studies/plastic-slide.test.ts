// The double pendulum sliding along its wall after a plastic arrival (src/studies/plastic-slide.ts), against
// kugushev2002 §9's condition σ̇ ≥ 0 and the bilateral-constraint equations integrated here by hand: the rods'
// equations (10.15) with the wall's reaction, typed as the paper writes them for f = d − l₁ sin q₁ − l₂ sin q₂ ≥ 0,
//   (m₁ + m₂)l₁² q̈₁ + m₂l₁l₂ cos(q₁ − q₂) q̈₂ + m₂l₁l₂ sin(q₁ − q₂) q̇₂² + (m₁ + m₂)g l₁ sin q₁ = −l₁ cos q₁ σ̇,
//   m₂l₂² q̈₂ + m₂l₁l₂ cos(q₁ − q₂) q̈₁ − m₂l₁l₂ sin(q₁ − q₂) q̇₁² + m₂g l₂ sin q₂ = −l₂ cos q₂ σ̇,
// and (9.5) differentiated once more, f̈ = 0: l₁ cos q₁ q̈₁ + l₂ cos q₂ q̈₂ = l₁ sin q₁ q̇₁² + l₂ sin q₂ q̇₂².
import { describe, expect, it } from 'vitest';
import wall from '../../derivations/pendulum-wall.js';
import { plasticArrival } from '../../src/studies/plastic-arrival.js';
import { plasticSlide } from '../../src/studies/plastic-slide.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

const [m1, m2, l1, l2, g, d] = [1, 1, 1, 1, 9.81, 0.5];

/** q̈₁, q̈₂ and σ̇ of the three equations above, by Cramer's rule. */
function bilateral(q1: number, q2: number, v1: number, v2: number): [number, number, number] {
  const [C, S] = [Math.cos(q1 - q2), Math.sin(q1 - q2)];
  const A = [
    [(m1 + m2) * l1 * l1, m2 * l1 * l2 * C, l1 * Math.cos(q1)],
    [m2 * l1 * l2 * C, m2 * l2 * l2, l2 * Math.cos(q2)],
    [l1 * Math.cos(q1), l2 * Math.cos(q2), 0],
  ];
  const b = [
    -m2 * l1 * l2 * S * v2 * v2 - (m1 + m2) * g * l1 * Math.sin(q1),
    m2 * l1 * l2 * S * v1 * v1 - m2 * g * l2 * Math.sin(q2),
    l1 * Math.sin(q1) * v1 * v1 + l2 * Math.sin(q2) * v2 * v2,
  ];
  const det = (M: number[][]): number =>
    M[0]![0]! * (M[1]![1]! * M[2]![2]! - M[1]![2]! * M[2]![1]!) -
    M[0]![1]! * (M[1]![0]! * M[2]![2]! - M[1]![2]! * M[2]![0]!) +
    M[0]![2]! * (M[1]![0]! * M[2]![1]! - M[1]![1]! * M[2]![0]!);
  const D = det(A);
  const column = (k: number): number => det(A.map((r, i) => r.map((x, j) => (j === k ? b[i]! : x)))) / D;
  return [column(0), column(1), column(2)];
}

/** The slide integrated by RK4 (step 1e-4) from rest at q until σ̇ falls through 0, the crossing interpolated linearly. */
function slideByHand(q: readonly number[]): { t: number; x: number[] } {
  const f = (x: number[]): number[] => {
    const [a1, a2] = bilateral(x[0]!, x[1]!, x[2]!, x[3]!);
    return [x[2]!, x[3]!, a1, a2];
  };
  const h = 1e-4;
  let [t, x] = [0, [q[0]!, q[1]!, 0, 0]];
  let s = bilateral(x[0]!, x[1]!, 0, 0)[2];
  for (;;) {
    const k1 = f(x);
    const k2 = f(x.map((v, i) => v + (h / 2) * k1[i]!));
    const k3 = f(x.map((v, i) => v + (h / 2) * k2[i]!));
    const k4 = f(x.map((v, i) => v + h * k3[i]!));
    const next = x.map((v, i) => v + (h / 6) * (k1[i]! + 2 * k2[i]! + 2 * k3[i]! + k4[i]!));
    const sNext = bilateral(next[0]!, next[1]!, next[2]!, next[3]!)[2];
    if (sNext < 0) {
      const r = s / (s - sNext);
      return { t: t + r * h, x: x.map((v, i) => v + r * (next[i]! - v)) };
    }
    [t, x, s] = [t + h, next, sNext];
  }
}

/** σ̇ at rest at the point of the wall with lower angle q₂ (sin q₁ = d − sin q₂, the upper rod below the horizontal). */
const restDensity = (q2: number): number => bilateral(Math.asin(d - Math.sin(q2)), q2, 0, 0)[2];

describe('the pendulum sliding along its wall after a plastic arrival', async () => {
  const sys = derived(wall);
  const mod = await loadGenerated(sys);
  const arrival = plasticArrival(sys, mod)!;
  const slide = plasticSlide(mod, arrival)!;
  const run = slide.run!;

  it('arrives on the wall where σ̇ at rest is largest along it, and there σ̇ > 0: §9’s condition for the contact phase', () => {
    const [q1, q2] = slide.q as [number, number];
    expect(Math.sin(q1) + Math.sin(q2)).toBeCloseTo(d, 12);
    // Lower rod leaning back from the wall (sin q₂ < 0), the upper one below the horizontal.
    expect(q2).toBeCloseTo(-0.1792, 4);
    expect(q1).toBeCloseTo(0.7454, 4);
    expect(bilateral(q1, q2, 0, 0)[2]).toBeCloseTo(slide.restDensity, 9);
    expect(slide.restDensity).toBeCloseTo(0.4819, 4);
    // A maximum along the wall: the slope of the density by hand vanishes there and it falls on either side.
    expect(Math.abs(restDensity(q2 + 1e-4) - restDensity(q2 - 1e-4)) / 2e-4).toBeLessThan(1e-4);
    expect(restDensity(q2 + 0.01)).toBeLessThan(slide.restDensity);
    expect(restDensity(q2 - 0.01)).toBeLessThan(slide.restDensity);
  });

  it('comes in with the first strike’s normal velocity, all of which the plastic impact takes: q̇⁺ = 0', () => {
    const [q1, q2] = slide.q as [number, number];
    const [v1, v2] = run.qdMinus as [number, number];
    // ḟ⁻ = −(l₁ cos q₁ q̇₁ + l₂ cos q₂ q̇₂), the default run's at its first strike.
    expect(-(l1 * Math.cos(q1) * v1 + l2 * Math.cos(q2) * v2)).toBeCloseTo(arrival.approach, 12);
    expect(arrival.approach).toBeLessThan(0);
    for (const v of run.qdPlus) expect(Math.abs(v)).toBeLessThan(1e-12);
    expect(run.density).toBeCloseTo(slide.restDensity, 9);
    expect(run.held).toBe(true);
  });

  it('slides along the wall for 0.2201 and leaves it where σ̇ falls through 0, as the equations integrated by hand do', () => {
    const hand = slideByHand(slide.q);
    const release = run.release!;
    expect(release.t).toBeCloseTo(hand.t, 6);
    expect(release.t).toBeCloseTo(0.2201, 4);
    release.q.forEach((v, i) => expect(v).toBeCloseTo(hand.x[i]!, 6));
    release.qd.forEach((v, i) => expect(v).toBeCloseTo(hand.x[2 + i]!, 5));
    // The bob's horizontal balance on the wall, 0 = −σ̇ − T sin q₂ with the lower rod's tension T > 0: σ̇ vanishes
    // where the lower rod is vertical, the upper then at sin q₁ = d.
    expect(release.q[1]!).toBeCloseTo(0, 6);
    expect(release.q[0]!).toBeCloseTo(Math.asin(d), 6);
  });
});
