// Kozlov 1988 (000) §5: the heavy point above the parabola y = x²/(2a)
// (derivations/parabolic-billiard.ts). Its vertical bouncing to height h
// strikes the vertex at v = √(2gh); with f″(0) = 1/a, (4.1) makes it stable
// iff 1/a < g/v², i.e. iff h < a/2, the focus: the pair's trace
// 2 − 4v²/(ga) = 2 − 8h/a reaches −2 there (the one-bounce map's pair meets
// at −1; over the two bounces of the family born there it is Kozlov's
// "multipliers equal to one"). That family is (5.7): for x₁ > a the point
// flies along the parabola 2y = x₁ − x²/(x₁ − a), confocal with the wall and
// opening downwards — so it meets the wall at right angles, at
// x = ±√(a(x₁ − a)), and runs back along itself — with horizontal speed
// u = √(g(x₁ − a)); a flight lasts 2√(a(x₁ − a))/u = 2√(a/g) and the period,
// two flights, is 4√(a/g) for every x₁.
import { describe, expect, it } from 'vitest';
import { impactMapJacobian } from '../../src/derive/linearization/equilibria.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/index.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { periodicOrbit } from '../../src/runtime/analysis/periodic.js';
import type { ImpactJacobianFn } from '../../src/runtime/analysis/variational.js';
import billiard from '../../derivations/parabolic-billiard.js';
import { loadGenerated } from '../helpers/generated-module.js';

const G = 9.81;
let derived: Promise<{ mod: LoadedModule; jac: ImpactJacobianFn }> | undefined;
/** The example derived and loaded once for all cases. */
function setup(): Promise<{ mod: LoadedModule; jac: ImpactJacobianFn }> {
  return (derived ??= (async () => {
    const sys = deriveSystem(buildModel(billiard));
    return { mod: await loadGenerated(sys), jac: impactMapJacobian(sys)! };
  })());
}

describe('Kozlov §5: vertical bouncing in the parabolic billiard is stable iff its apex is below the focus a/2', () => {
  it.each([
    [2, 0.3],
    [2, 0.9],
    [2, 0.999],
    [2, 1.001],
    [2, 1.5],
    [0.5, 0.6],
    [0.5, 1.2],
  ])('a = %s, h = %s·a/2: the pair of trace 2 − 8h/a, stable iff h < a/2', async (a, ratio) => {
    const { mod, jac } = await setup();
    const h = (ratio * a) / 2,
      v = Math.sqrt(2 * G * h);
    const o = periodicOrbit(mod, { q0: [1e-4, 1e-8 / (2 * a)], qd0: [1e-4, v], params: { a }, section: { contact: 'wall' }, fix: ["y'"], impactJacobian: jac });
    expect(o.period).toBeCloseTo((2 * v) / G, 9);
    expect(Math.abs(o.q[0]!)).toBeLessThan(1e-10);
    const trace = o.poincare[0]! + o.poincare[2 * 5 + 2]!;
    expect(trace).toBeCloseTo(2 - (8 * h) / a, 6);
    expect(o.stable).toBe(ratio < 1);
    if (ratio > 1) expect(Math.min(...o.multipliers.map((z) => z.re))).toBeLessThan(-1);
    else expect(Math.max(...o.multipliers.map((z) => Math.hypot(z.re, z.im)))).toBeCloseTo(1, 7);
  });
});

describe('Kozlov (5.7): above the focus, orbits along the confocal parabolas 2y = x₁ − x²/(x₁ − a), all of period 4√(a/g)', () => {
  /** The (5.7) orbit with apex x₁/2, just after the strike on the right, sent back along the arc. */
  async function confocal(a: number, x1: number) {
    const { mod, jac } = await setup();
    const X = Math.sqrt(a * (x1 - a)),
      u = Math.sqrt(G * (x1 - a));
    // Started on the orbit: it is elliptic, and nearby starts lie on tori turning slowly
    // about it, which Newton (its least-squares step along the energy's multiplier 1)
    // may take for it within its tolerance.
    const o = periodicOrbit(mod, {
      q0: [X, (X * X) / (2 * a)],
      qd0: [-u, (G * X) / u],
      params: { a },
      section: { contact: 'wall' },
      crossings: 2,
      impactJacobian: jac,
    });
    return { o, X };
  }

  it.each([
    [1, 1.05],
    [1, 1.5],
    [1, 3],
    [0.4, 1.8],
  ])('a = %s, apex x₁/2 with x₁ = %s·a: two perpendicular strikes at x = ±√(a(x₁ − a)), period 4√(a/g), elliptic', async (a, ratio) => {
    const { o, X } = await confocal(a, ratio * a);
    expect(o.period).toBeCloseTo(4 * Math.sqrt(a / G), 9);
    expect(o.impacts).toHaveLength(2);
    for (const imp of o.impacts) {
      expect(Math.abs(imp.q[0]!)).toBeCloseTo(X, 8);
      // At right angles: the velocity is reversed.
      imp.qdPlus.forEach((w, i) => expect(w).toBeCloseTo(-imp.qdMinus[i]!, 7));
    }
    expect(o.impacts[0]!.q[0]! * o.impacts[1]!.q[0]!).toBeLessThan(0);
    // The strike sends the point up at ẏ⁺ = gX/u = √(ga), whatever x₁.
    expect(o.qd[1]).toBeCloseTo(Math.sqrt(G * a), 8);
    // Stable (Kozlov): the energy's 1 and a complex pair on the unit circle.
    expect(o.stable).toBe(true);
    for (const z of o.multipliers) expect(Math.hypot(z.re, z.im)).toBeCloseTo(1, 7);
    expect(o.multipliers.filter((z) => Math.abs(z.im) > 1e-3)).toHaveLength(2);
  });

  // At x₁ = 2a the pair reaches +1, a double multiplier with a Jordan block (computed to
  // about the square root of DP's accuracy); eigenvalues.ts returned NaN here before 11f4e47.
  it('x₁ = 2a: the pair reaches +1, every multiplier 1', async () => {
    const { o } = await confocal(0.4, 0.8);
    expect(o.poincare.every(Number.isFinite)).toBe(true);
    for (const z of o.multipliers) expect(Math.hypot(z.re - 1, z.im)).toBeLessThan(1e-3);
  });
});
