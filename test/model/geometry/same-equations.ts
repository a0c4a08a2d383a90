// A hand-written model and its geometry route compared: the mass matrix and
// forcing of each pair must agree symbolically (simplify(a − b) = 0).
import { expect } from 'vitest';
import { sub, ZERO, type Expr } from '../../../src/core/expr.js';
import { simplify } from '../../../src/core/trig.js';
import type { DerivedSystem } from '../../../src/derive/system.js';
import type { ModelSpec } from '../../../src/model/index.js';
import { mutate } from '../spec-cases.js';

/** The geometry route of a hand-written model: its energies and forces replaced by `geometry`. */
export const byGeometry = (hand: ModelSpec, geometry: object): ModelSpec =>
  mutate(hand, { name: `${hand.name}-geometry`, kinetic: undefined, particles: undefined, potential: undefined, geometry });

export function expectSameEquations(a: DerivedSystem, b: DerivedSystem): void {
  const same = (x: Expr, y: Expr): void => expect(simplify(sub(x, y))).toBe(ZERO);
  a.lagrange2.massMatrix.forEach((row, i) => row.forEach((Mij, j) => same(Mij, b.lagrange2.massMatrix[i]![j]!)));
  a.lagrange2.forcing.forEach((f, i) => same(f, b.lagrange2.forcing[i]!));
}

// The symmetric top about its fixed point O, Euler angles (precession psi,
// nutation theta, spin phi), A and C its moments about O, G at distance l on
// the axis: T and V as every textbook writes them (e.g. Landau–Lifshitz §35).
export const handTop = {
  name: 'hand-top',
  coordinates: ['psi', 'theta', 'phi'],
  parameters: { A: 2, C: 1, m: 1, g: 9.81, l: 0.5 },
  kinetic: "A/2*(theta'^2 + psi'^2*sin(theta)^2) + C/2*(phi' + psi'*cos(theta))^2",
  potential: 'm*g*l*cos(theta)',
  initial: { q: { theta: 0.5 }, qd: { phi: 10 } },
} as const satisfies ModelSpec;
