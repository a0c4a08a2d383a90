// Smirnov's impulsive support variants (src/derive/friction/support-impulses.ts;
// smirnov1981, end of §3): Newton's law for a single smooth
// support, the point rattling between two rough planes of vanishing
// clearance against its hand-summed series, the geometric count and sum of
// the iteration in one dimension, statically indeterminate impulses, a
// Painlevé jam, and the kinetic energy over random problems.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { impulseIteration, type ImpulsePair, type ImpulseProblem, type ImpulseResult } from '../../../src/derive/friction/support-impulses.js';
import { MechanicsError } from '../../../src/errors.js';
import { expectAllClose, expectClose, matVec, solve } from '../../helpers/numeric.js';
import { rng, uniform } from '../../helpers/random.js';

const kinetic = (M: readonly (readonly number[])[], v: readonly number[]): number => 0.5 * matVec(M, v).reduce((s, x, i) => s + x * v[i]!, 0);
const dot = (a: readonly number[], b: readonly number[]): number => a.reduce((s, x, i) => s + x * b[i]!, 0);

/** The velocity after each step of a result. */
function velocities(p: ImpulseProblem, r: ImpulseResult): number[][] {
  const out = [[...p.velocity]];
  for (const s of r.steps) out.push(out.at(-1)!.map((x, i) => x + s.velocityChange[i]!));
  return out;
}

describe('a single smooth support is Newton’s law', () => {
  // v⁺ = v⁻ − (1 + e) M⁻¹Wᵀ (W v⁻)/(W M⁻¹ Wᵀ), so W v⁺ = −e W v⁻; the second
  // step finds the support leaving (free) and changes nothing.
  const M = [
    [2, 0.3, -0.2],
    [0.3, 1.5, 0.4],
    [-0.2, 0.4, 1],
  ];
  const W = [0.6, -1, 0.3];
  const vm = [-0.4, 0.8, 0.1]; // W v⁻ = −1.01: approaching the side +
  it.each([0, 0.4, 0.8, 1])('e = %d', (e) => {
    const r = impulseIteration({ mass: M, pairs: [{ normal: W, positive: { friction: 0, restitution: e } }], velocity: vm });
    const MinvW = solve(M, W);
    const a = dot(W, MinvW);
    const expected = vm.map((x, i) => x - ((1 + e) * MinvW[i]! * dot(W, vm)) / a);
    expect(r.status).toBe('converged');
    expect(r.iterations).toBe(2);
    expectAllClose(r.velocity, expected, 1e-14, 1);
    expectClose(dot(W, r.velocity), -e * dot(W, vm), 1e-14, 1);
    expectClose(r.steps[0]!.normal[0]!, -dot(W, vm) / a, 1e-14);
    expect(r.steps[1]!.variant).toEqual([0]);
  });
  it('approaching the side that is not there (clearance) changes nothing', () => {
    const r = impulseIteration({ mass: M, pairs: [{ normal: W, negative: { friction: 0.5, restitution: 0.5 } }], velocity: vm });
    expect(r).toMatchObject({ status: 'converged', iterations: 1, velocity: vm, velocityChange: [0, 0, 0] });
  });
});

describe('a point between two rough planes with vanishing clearance (Smirnov’s example 1, struck)', () => {
  // q = (x, z), M = m I; the lower plane is side + (f₁), the upper side − (f₂),
  // one restitution e. Arriving with v⁻ = (u, −w), the point loads the lower
  // plane with Π₀ = m w, rebounds to ż = e w, loads the upper plane with
  // Π₁ = m e w, … : Πₖ = m w eᵏ, sides alternating, ż → 0. Each loading and
  // its rebound take (1 + e) f Πₖ of tangential momentum while x slides on, so
  //   Σ lower = m w /(1 − e²), Σ upper = m w e/(1 − e²),
  //   u⁺ = u − (1 + e)(f₁ Σ lower + f₂ Σ upper)/m = u − w (f₁ + f₂ e)/(1 − e).
  const m = 2;
  const [u, w, f1, f2] = [100, 1, 0.2, 0.5];
  const planes = (e: number): ImpulseProblem => ({
    mass: [
      [m, 0],
      [0, m],
    ],
    pairs: [{ normal: [0, 1], tangent: [1, 0], positive: { friction: f1, restitution: e }, negative: { friction: f2, restitution: e } }],
    velocity: [u, -w],
  });
  // The iteration stops once ‖Δv‖_M ≤ 1e-10‖v⁻‖_M, which leaves |ż⁺| ≤ 1e-10|v⁻|
  // and the tail of the friction series, at most (f₁ + f₂)|ż⁺|/(1 − e), in u⁺.
  it.each([0.3, 0.6, 0.9])('e = %d: u⁺ = u − w(f₁ + f₂e)/(1 − e), ż⁺ → 0, the impulses two geometric series', (e) => {
    const r = impulseIteration(planes(e));
    expect(r.status).toBe('converged');
    const zdot = Math.abs(r.velocity[1]!);
    expect(zdot).toBeLessThanOrEqual(1e-10 * Math.hypot(u, w));
    expect(Math.abs(r.velocity[0]! - (u - (w * (f1 + f2 * e)) / (1 - e)))).toBeLessThanOrEqual(((f1 + f2) * zdot) / (1 - e) + 1e-13 * u);
    const sum = (side: 1 | -1): number => r.steps.reduce((s, st) => s + (st.variant[0] === side ? st.normal[0]! : 0), 0);
    expectClose(sum(1), (m * w) / (1 - e * e), 1e-8);
    expectClose(sum(-1), (m * w * e) / (1 - e * e), 1e-8);
    r.steps.forEach((st, k) => {
      expect(st.variant).toEqual([k % 2 === 0 ? 1 : -1]);
      expectClose(st.normal[0]!, m * w * e ** k, 1e-12);
      expectClose(st.tangential[0]!, -(k % 2 === 0 ? f1 : f2) * st.normal[0]!, 1e-14);
    });
  });
  it('e = 0: one plastic step, u⁺ = u − f₁ w', () => {
    const r = impulseIteration(planes(0));
    expect(r.status).toBe('converged');
    expectAllClose(r.velocity, [u - f1 * w, 0], 1e-15, 1);
  });
});

describe('the iteration is a geometric series (one dimension)', () => {
  // n = 1, M = m, one pair with both sides: Πₖ = m w eᵏ, |Δvₖ| = (1 + e) w eᵏ,
  // so the step k is the last when (1 + e)eᵏ ≤ tolerance: the count is the
  // least such k plus one, and v after K steps is −w(−e)ᴷ.
  const m = 3;
  const w = 2;
  const tolerance = 1e-10;
  const line = (e: number): ImpulseProblem => ({
    mass: [[m]],
    pairs: [{ normal: [1], positive: { friction: 0, restitution: e }, negative: { friction: 0, restitution: e } }],
    velocity: [-w],
  });
  const expectedCount = (e: number): number => {
    let k = 0;
    while ((1 + e) * e ** k > tolerance) k++;
    return k + 1;
  };
  it('counts 2, 20, 36, 78, 226, 2431 steps for e = 0, 0.3, 0.5, 0.75, 0.9, 0.99 — growing as e → 1', () => {
    const es = [0, 0.3, 0.5, 0.75, 0.9, 0.99];
    const counts = es.map((e) => impulseIteration(line(e), { tolerance }).iterations);
    expect(counts).toEqual(es.map(expectedCount));
    for (let i = 1; i < counts.length; i++) expect(counts[i]!).toBeGreaterThan(counts[i - 1]!);
  });
  it.each([0.3, 0.9, 0.99])('e = %d: Σ Πₖ against m w (1 − eᴷ)/(1 − e) and its limit m w/(1 − e); v = −w(−e)ᴷ', (e) => {
    const r = impulseIteration(line(e), { tolerance });
    const K = r.iterations;
    const total = r.steps.reduce((s, st) => s + st.normal[0]!, 0);
    expectClose(total, (m * w * (1 - e ** K)) / (1 - e), 1e-11);
    const limit = (m * w) / (1 - e);
    expect(Math.abs(limit - total - (m * w * e ** K) / (1 - e))).toBeLessThanOrEqual(1e-13 * K * limit);
    expectClose(r.velocity[0]!, -w * (-e) ** K, 1e-9, tolerance);
    expectClose(r.velocityChange[0]!, w - w * (-e) ** K, 1e-12);
  });
  it('e = 1 never settles: not-converged after maxIterations, |v| = w throughout', () => {
    const r = impulseIteration(line(1), { maxIterations: 500 });
    expect(r.status).toBe('not-converged');
    expect(r.iterations).toBe(500);
    expect(Math.abs(r.velocity[0]!)).toBeCloseTo(w, 12);
  });
});

describe('friction modes of a step', () => {
  it('a point struck into a square tube of vanishing clearance stops: impulses indeterminate, velocities (−e)ᵏ v⁻ exactly', () => {
    // Both walls load at once whatever f: W v⁺ = 0 on x and y leaves v⁺ = 0,
    // and the rebound e·P = −e M v sends it back at −e v: vₖ = (−e)ᵏ v⁻.
    const e = 0.5;
    const side = (f: number) => ({ friction: f, restitution: e });
    const p: ImpulseProblem = {
      mass: [
        [1, 0],
        [0, 1],
      ],
      pairs: [
        { normal: [1, 0], tangent: [0, 1], positive: side(0.3), negative: side(1.7) },
        { normal: [0, 1], tangent: [1, 0], positive: side(0.9), negative: side(2.5) },
      ],
      velocity: [0.8, -0.3],
    };
    const r = impulseIteration(p);
    expect(r.status).toBe('converged');
    velocities(p, r).forEach((v, k) =>
      expectAllClose(
        v,
        p.velocity.map((x) => x * (-e) ** k),
        1e-12,
        1,
      ),
    );
  });
  it('a Painlevé jam: with f ρ > 1 neither slip admits Π ≥ 0 with the sliding it assumes; the contact sticks', () => {
    // M⁻¹ = [1 ρ; ρ 1], W = (1, 0), T = (0, 1), so g = v₁, u = v₂; ρ = 0.6, f = 2, one
    // support (side +), arriving with g = −1, u = 0.5. Slip along +T: Π =
    // −g/(1 − fρ) < 0; along −T: Π = −g/(1 + fρ) but then u⁺ = u + Π(ρ + f) > 0.
    // Stick: Π = (−g + ρu)/(1 − ρ²) = 2.03125, λ = (−u + ρg)/(1 − ρ²) = −1.71875,
    // |λ| ≤ fΠ; e = 0 leaves v⁺ = 0.
    const rho = 0.6;
    const M = [
      [1 / (1 - rho * rho), -rho / (1 - rho * rho)],
      [-rho / (1 - rho * rho), 1 / (1 - rho * rho)],
    ];
    const r = impulseIteration({ mass: M, pairs: [{ normal: [1, 0], tangent: [0, 1], positive: { friction: 2, restitution: 0 } }], velocity: [-1, 0.5] });
    expect(r.status).toBe('converged');
    expectClose(r.steps[0]!.normal[0]!, (1 + rho * 0.5) / (1 - rho * rho), 1e-14);
    expectClose(r.steps[0]!.tangential[0]!, (-0.5 - rho) / (1 - rho * rho), 1e-14);
    expectAllClose(r.velocity, [0, 0], 1e-14, 1);
  });
});

describe('kinetic energy', () => {
  // Random problems drawn from a seed (fast-check picks the seed): M = BBᵀ + 0.3 I
  // (n = 2…4, B uniform in [−1, 1]), one or two pairs with unit rows in random
  // directions, a tangent row or none, sides present at random (both:
  // vanishing clearance), friction in [0, 1] per side, one restitution
  // e ∈ [0, 0.9] for all sides, v⁻ uniform in [−1, 1]ⁿ.
  function randomProblem(seed: number): ImpulseProblem {
    const R = rng(seed);
    const n = 2 + Math.floor(R() * 3);
    const vec = (): number[] => Array.from({ length: n }, () => uniform(R, -1, 1));
    const unitRow = (): number[] => {
      const x = vec();
      return x.map((c) => c / Math.hypot(...x));
    };
    const B = Array.from({ length: n }, vec);
    const e = uniform(R, 0, 0.9);
    const side = () => ({ friction: uniform(R, 0, 1), restitution: e });
    const pairs = Array.from({ length: 1 + Math.floor(R() * 2) }, (): ImpulsePair => {
      const which = R();
      return {
        normal: unitRow(),
        ...(R() < 0.8 ? { tangent: unitRow() } : {}),
        ...(which < 2 / 3 ? { positive: side() } : {}),
        ...(which > 1 / 3 ? { negative: side() } : {}),
      };
    });
    return { mass: B.map((r, i) => B.map((c, j) => dot(r, c) + (i === j ? 0.3 : 0))), pairs, velocity: vec() };
  }
  it('never rises from one step to the next with one restitution for all sides (300 random problems)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const p = randomProblem(seed);
        const energies = velocities(p, impulseIteration(p, { maxIterations: 400 })).map((x) => kinetic(p.mass, x));
        for (let k = 1; k < energies.length; k++) expect(energies[k]!).toBeLessThanOrEqual(energies[k - 1]! * (1 + 1e-9));
      }),
      { seed: 12, numRuns: 300 },
    );
  });
  it('can rise with restitutions that differ per side: a wedge of two near-parallel supports, e = 1 and e = 0, gains 25-fold', () => {
    // M = I, W₁ = (1, 0) side + (e = 1), W₂ = (cos β, sin β) side − (e = 0),
    // β = 0.2, v⁻ = (−0.1, 1) closes both. The loading stops the point
    // (two independent rows): Π₁W₁ − Π₂W₂ = −v⁻ gives Π₂ = 1/sin β and
    // Π₁ = 0.1 + cot β, two large impulses that nearly cancel. Only the first
    // comes back: T = Π₁²/2 = 12.67 against T⁻ = 0.505.
    const b = 0.2;
    const p: ImpulseProblem = {
      mass: [
        [1, 0],
        [0, 1],
      ],
      pairs: [
        { normal: [1, 0], positive: { friction: 0, restitution: 1 } },
        { normal: [Math.cos(b), Math.sin(b)], negative: { friction: 0, restitution: 0 } },
      ],
      velocity: [-0.1, 1],
    };
    const r = impulseIteration(p);
    const Pi1 = 0.1 + 1 / Math.tan(b);
    expectClose(r.steps[0]!.normal[0]!, Pi1, 1e-13);
    expectClose(r.steps[0]!.normal[1]!, 1 / Math.sin(b), 1e-13);
    const T1 = kinetic(p.mass, velocities(p, r)[1]!);
    expectClose(T1, (Pi1 * Pi1) / 2, 1e-13);
    expect(T1 / kinetic(p.mass, p.velocity)).toBeGreaterThan(25);
  });
});

describe('input errors', () => {
  it('a restitution outside [0, 1] and a singular M are named', () => {
    const pair = { normal: [1], positive: { friction: 0, restitution: 1.5 } };
    expect(() => impulseIteration({ mass: [[1]], pairs: [pair], velocity: [-1] })).toThrow(/restitution in \[0, 1\]/);
    const err = (() => {
      try {
        impulseIteration({
          mass: [
            [1, 1],
            [1, 1],
          ],
          pairs: [],
          velocity: [1, 0],
        });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(MechanicsError);
    expect((err as MechanicsError).code).toBe('singular-mass-matrix');
  });
});
