// Kozlov 1988 (000) §4, (4.9): a heavy point bouncing vertically between two
// concave walls, the lower one of curvature radius R₁ at the bottom of a
// vertical segment of length l, the upper one of radius R₂ at its top; v₁
// (v₂) the speed at the lower (upper) wall, v₂² = v₁² − 2gl. Linearly stable iff
//   |1 − 2(v₁ − v₂)/g (v₁/R₁ + v₂/R₂) + 2(v₁ − v₂)²/g² · v₁v₂/(R₁R₂)| < 1.
// Derived here (the OCR is clear, the derivation is ours): on the axis the
// horizontal motion decouples; a wall of curvature 1/R struck at vertical
// speed u reflects ẋ⁺ = ẋ⁻ − (2u/R)x, each flight (up or down) lasts
// τ = (v₁ − v₂)/g, so the period's map of (x, ẋ) is K₂DK₁D with
// D = [[1, τ], [0, 1]], Kᵢ = [[1, 0], [−aᵢ, 1]], a₁ = 2v₁/R₁, a₂ = 2v₂/R₂,
// of determinant 1 and trace 2 − 2(a₁ + a₂)τ + a₁a₂τ²: |trace| < 2 is (4.9).
import { describe, expect, it } from 'vitest';
import { impactMapJacobian } from '../../src/derive/linearization/equilibria.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, defineModel } from '../../src/model/index.js';
import { periodicOrbit, type PeriodicOrbit } from '../../src/runtime/analysis/periodic.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import type { ImpactJacobianFn } from '../../src/runtime/analysis/variational.js';
import { loadGenerated } from '../helpers/generated-module.js';

// g = l = 1, v₁ = 2: v₂ = √2, τ = 2 − √2.
const g = 1,
  l = 1,
  v1 = 2,
  v2 = Math.sqrt(v1 * v1 - 2 * g * l),
  tau = (v1 - v2) / g;
const spec = defineModel({
  name: 'heavy-point-between-walls',
  coordinates: ['x', 'y'],
  parameters: { g, l, R1: 2, R2: 3, e: 1 },
  kinetic: "(x'^2 + y'^2)/2",
  potential: 'g*y',
  unilateral: [
    { name: 'lower', constraint: 'y - x^2/(2*R1) >= 0', law: { newton: 'e' } },
    { name: 'upper', constraint: 'l - x^2/(2*R2) - y >= 0', law: { newton: 'e' } },
  ],
});

/** The left-hand side of (4.9) inside the modulus: half the trace of the period's map. */
const kozlov49 = (R1: number, R2: number): number =>
  1 - ((2 * (v1 - v2)) / g) * (v1 / R1 + v2 / R2) + ((2 * (v1 - v2) ** 2) / g ** 2) * ((v1 * v2) / (R1 * R2));

let derived: Promise<{ mod: LoadedModule; jac: ImpactJacobianFn }> | undefined;
/** The model derived and loaded once for all cases. */
function setup(): Promise<{ mod: LoadedModule; jac: ImpactJacobianFn }> {
  return (derived ??= (async () => {
    const sys = deriveSystem(buildModel(spec));
    return { mod: await loadGenerated(sys), jac: impactMapJacobian(sys)! };
  })());
}

/** The vertical bouncing, started just after the lower impact 1e-5 off the axis; the speed v₁ fixed (the energy's family). */
function bouncing({ mod, jac }: { mod: LoadedModule; jac: ImpactJacobianFn }, R1: number, R2: number): PeriodicOrbit {
  return periodicOrbit(mod, {
    q0: [1e-5, 1e-10 / (2 * R1)],
    qd0: [1e-5, v1],
    params: { R1, R2 },
    section: { contact: 'lower' },
    fix: ["y'"],
    impactJacobian: jac,
  });
}

describe('Kozlov (4.9): the vertical two-bounce orbit between concave walls under gravity', () => {
  it.each([
    [2, 3, true],
    [1.1, 3, false],
    [0.5, 0.7, true],
    [0.5, 0.4, false],
    [0.4, 0.28, false],
  ])('R₁ = %s, R₂ = %s: stable %s, the multipliers 1 and a pair of trace 2·(4.9)', async (R1, R2, stable) => {
    const o = bouncing(await setup(), R1, R2);
    expect(Math.abs(o.q[0]!)).toBeLessThan(1e-9);
    expect(o.period).toBeCloseTo(2 * tau, 8);
    expect(o.impacts.map((i) => i.contacts)).toEqual([[1], [0]]);
    const sum = o.multipliers.reduce((s, z) => s + z.re, 0);
    expect(sum - 1).toBeCloseTo(2 * kozlov49(R1, R2), 6);
    expect(o.stable).toBe(stable);
    expect(Math.abs(kozlov49(R1, R2)) < 1).toBe(stable);
  });

  it('decreasing R₁ at R₂ = 3, the pair leaves the unit circle through −1 where (4.9) turns into equality', async () => {
    const s = await setup();
    // 1 − (a₁ + a₂)τ + a₁a₂τ²/2 = −1 with a₁ = 2v₁/R₁, a₂ = 2v₂/R₂.
    const R2 = 3,
      a2 = (2 * v2) / R2;
    const R1c = (2 * v1) / ((4 - 2 * a2 * tau) / (2 * tau - a2 * tau * tau));
    expect(kozlov49(R1c, R2)).toBeCloseTo(-1, 12);
    const trace = (R1: number): number => {
      const o = bouncing(s, R1, R2);
      return o.poincare[0]! + o.poincare[2 * 5 + 2]!;
    };
    // The secant method on the simulated trace + 2, from ±5% around the closed form.
    let a = 0.95 * R1c,
      b = 1.05 * R1c,
      fa = trace(a) + 2,
      fb = trace(b) + 2;
    for (let i = 0; i < 8 && Math.abs(fb) > 1e-10; i++) {
      [a, fa, b] = [b, fb, b - (fb * (b - a)) / (fb - fa)];
      fb = trace(b) + 2;
    }
    expect(b / R1c).toBeCloseTo(1, 7);
    const inside = bouncing(s, 1.001 * R1c, R2),
      outside = bouncing(s, 0.999 * R1c, R2);
    expect(inside.stable).toBe(true);
    expect(outside.stable).toBe(false);
    expect(Math.min(...outside.multipliers.map((z) => z.re))).toBeLessThan(-1);
  });
});
