// Eigenvalues where QR must work on differences: a block that is the identity
// up to rounding noise (a return map's defective multiplier 1).
import { describe, expect, it } from 'vitest';
import { eigenvalues } from '../../src/numeric/eigenvalues.js';

/** x ↦ a deterministic noise in [−1, 1] (a linear congruential sequence). */
function noise(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  };
}

describe('eigenvalues of nearly defective matrices', () => {
  it('the parabolic billiard’s confocal orbit at x₁ = 2a: a Jordan block at 1 with 1e−13 noise gives 1, 1, 1, 1, 0 (was NaN)', () => {
    // The return map's derivative as periodicOrbit computes it (test/unilateral/parabolic-billiard.test.ts).
    const A = [
      0.4999999999998999, 0.5000000000001886, -8.320181977449131e-14, 2.8098489797805022e-14, 0, 0.49999999999989925, 0.5000000000001882,
      -8.320181977449123e-14, 2.8098489797804987e-14, 0, 2.948752353404416e-13, 5.712554449164591e-15, 1.0000000000001856, -5.859719777019183e-14, 0,
      -2.476136102882267, 2.4761361028821347, 4.702206625855094e-13, 0.9999999999997764, 0, 0.25240938867301466, -0.2524093886731839, -4.1675050548475184e-14,
      -1.4426910730007217e-14, 1,
    ];
    const z = eigenvalues(5, A).sort((u, v) => u.re - v.re);
    expect(z[0]!.re).toBeCloseTo(0, 12);
    for (const w of z.slice(1)) expect(Math.hypot(w.re - 1, w.im)).toBeLessThan(1e-6);
  });

  it.each([3, 5, 8])('n = %i: the identity plus 1e−13 noise has every eigenvalue within n·1e−13 of 1', (n) => {
    const rnd = noise(n);
    const A = Array.from({ length: n * n }, (_, i) => (i % (n + 1) === 0 ? 1 : 0) + 1e-13 * rnd());
    // Bauer–Fike: the identity is normal, so each eigenvalue moves by at most ‖E‖₂ ≤ n·1e−13.
    for (const w of eigenvalues(n, A)) expect(Math.hypot(w.re - 1, w.im)).toBeLessThan(n * 1e-13);
  });
});
