// Which outcome the falling rod takes when it strikes the floor flat with
// both ends (src/studies/mode-shares.ts, impact 5), against the rod's impact
// solved by hand at θ = 0 (m = l = 1): with both ends staying, the normal
// impulses are ΔΛ₁,₂ = (1 + e)(±θ̇⁻ − 3ẏ⁻)/6; with
// u = θ̇⁻/(−ẏ⁻) and both ends approaching (|u| < 1), ΔΛ₁ ∝ 3 + u > 0 and
// ΔΛ₂ ∝ 3 − u > 0: both ends stay on every approaching direction, and an
// end leaving would need |u| ≥ (3 + e)/(1 − e) ≥ 3. What remains is stick,
// |ẋ⁻| ≤ μ(1 + e)(−ẏ⁻) (the common tangential impulse −mẋ⁻ inside the cone
// μ(ΔΛ₁ + ΔΛ₂) = −μm(1 + e)ẏ⁻), or slide: the study's shares against the
// share of that cone in an independent sample of directions.
import { describe, expect, it } from 'vitest';
import fallingRod from '../../derivations/falling-rod.js';
import { modeShares } from '../../src/studies/mode-shares.js';
import { derived } from '../helpers/examples.js';

describe('mode shares over the approach cone', () => {
  const rod = derived(fallingRod);
  const [shares] = modeShares(rod, 1500);

  it('studies only the flat strike, the map with three free velocities', () => {
    expect(modeShares(rod, 1500).map((s) => s.map)).toEqual([4]);
    expect(shares!.velocities).toEqual(["x'-", "y'-", "theta'-"]);
  });

  it('neither end leaves: modes 1, 2 (tip B leaves) and their mirrors 5, 6 (tip leaves) on no sample, and some mode on every sample', () => {
    expect(shares!.neverLeave).toEqual([0, 1]);
    for (const k of [0, 1, 4, 5]) expect(shares!.modeShares[k]).toBe(0);
    expect(shares!.withoutOutcome).toBe(0);
  });

  it('sticks on the share of directions with |ẋ⁻| ≤ μ(1 + e)(−ẏ⁻), slides on the rest', () => {
    const [mu, e] = [0.3, 0.5];
    // Independent directions, uniform on the sphere by rejection from the cube.
    let state = 7;
    const random = (): number => {
      state = (state * 48271) % 2147483647;
      return (2 * state) / 2147483647 - 1;
    };
    let [kept, stick] = [0, 0];
    while (kept < 20000) {
      const [x, y, th] = [random(), random(), random()];
      if (x * x + y * y + th * th > 1 || y - th >= 0 || y + th >= 0) continue;
      kept++;
      if (Math.abs(x) <= mu * (1 + e) * -y) stick++;
    }
    expect(shares!.modeShares[2]).toBeCloseTo(stick / kept, 1);
    // Exact (solid angles): a NumPy count of 6·10⁶ normal directions gives 0.3750 (standard error 3·10⁻⁴).
    expect(shares!.exact).toBe(true);
    expect(Math.abs(shares!.modeShares[2]! - 0.375)).toBeLessThan(1e-3);
    expect(shares!.modeShares[2]! + shares!.modeShares[3]!).toBeCloseTo(1, 12);
  });
});
