// The map from one strike of a contact to the next, in closed form, where
// the flights between are parabolas: M constant and the forces constant
// (kozlov1988 §3: the point moving by inertia in the circle; §4–§5: the
// heavy point bouncing on y = f(x)). After the impact the flight is
// q(τ) = q + q̇⁺τ + aτ²/2 with a = M⁻¹Q; where the gap along it is a
// polynomial of degree ≤ 2 in τ, c₁τ + c₂τ² on the surface (c₀ = f(q)
// vanishes there, unilateral/surface.ts), the next strike is at τ = −c₁/c₂,
// with q and q̇⁻ there. Where the surface also gives one coordinate s as a
// function of the others (f of degree 1 in s: the parabola's y = x²/(2a)),
// the map's Jacobian in the section's coordinates — the other coordinates
// and the pre-impact velocities — is the derivative of that closed form:
// the linearized Poincaré map of a periodic bouncing, no saltation needed
// since the section is the impact itself.
// Tests: test/derive/paper-results.test.ts.
import { add, mul, num, pow, sym, ZERO, type Expr } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import { preImpactName } from '../../model/names.js';
import { freeOfState } from '../lagrange/lagrange2.js';
import { solveSmall } from '../matrix.js';
import type { Coordinate } from '../../model/types.js';
import type { DerivedSystem } from '../system.js';
import { onSurface } from './surface.js';
import type { ImpactMap } from './unilateral-types.js';

export interface ReturnMap {
  /** The flight's duration τ until the next strike. */
  readonly time: Expr;
  /** Where it strikes: q and q̇⁻ by name (x, x'-), in the state just after this impact (kozlov1988 (5.7): the mirror point). */
  readonly next: ReadonlyMap<string, Expr>;
  /** ∂(next)/∂(now) by name: `[out,in]` over the section's coordinates (other coordinates, then q̇⁻), where the surface gives s(others). */
  readonly jacobian?: ReadonlyMap<string, Expr>;
}

/** The next strike of the arriving contact after an impact with post-impact velocities qdPlus, or undefined outside the class. */
export function returnMap(system: DerivedSystem, im: ImpactMap, qdPlus: readonly Expr[]): ReturnMap | undefined {
  const { model, lagrange2 } = system;
  if (!lagrange2.constantMass || system.constraints || system.compliant || system.patches) return undefined;
  if (!lagrange2.forcing.every((f) => freeOfState(f, model, true))) return undefined;
  const a = solveSmall(lagrange2.massMatrix, lagrange2.forcing)?.x;
  if (!a) return undefined;
  const gap = subs(model.unilateral[im.scenario.arriving]!.gap, im.scenario.at);
  if (onSurface(gap, gap, model) !== ZERO) return undefined;
  const tau = sym('τ*');
  const flight = (i: number): Expr => add(model.coordinates[i]!.q, mul(qdPlus[i]!, tau), mul(num(1 / 2), a[i]!, tau, tau));
  const along = subs(gap, new Map(model.coordinates.map((c, i) => [c.name, flight(i)] as const)));
  const d1 = diff(along, tau.name);
  const d2 = diff(d1, tau.name);
  if (simplify(diff(d2, tau.name)) !== ZERO) return undefined;
  const origin = new Map([[tau.name, ZERO]]);
  // A gap linear along the flight (a wall parallel to the force) is not struck again.
  const curvature = simplify(subs(d2, origin));
  if (curvature === ZERO) return undefined;
  const time = simplify(mul(num(-2), subs(d1, origin), pow(curvature, -1)));
  const at = new Map([[tau.name, time]]);
  const next = new Map<string, Expr>(
    model.coordinates.flatMap((c, i) => [[c.name, subs(flight(i), at)] as const, [preImpactName(c.name), subs(add(qdPlus[i]!, mul(a[i]!, tau)), at)] as const]),
  );
  const surface = surfaceCoordinate(system, gap);
  // On the surface, as the time is (the parabola's y = x²/(2a)): the next strike in the section's symbols.
  const onIt = new Map(surface ? [[surface.s.name, surface.S]] : []);
  const struck = new Map([...next].map(([name, e]) => [name, subs(e, onIt)] as const));
  const jacobian = surface && sectionJacobian(system, surface.s, struck);
  return { time, next: struck, ...(jacobian ? { jacobian } : {}) };
}

/** A coordinate s the gap is of degree 1 in, and s = S(others) on the surface. */
function surfaceCoordinate(system: DerivedSystem, gap: Expr): { s: Coordinate; S: Expr } | undefined {
  const { model } = system;
  const s = [...model.coordinates].reverse().find((c) => {
    const d = simplify(diff(gap, c.name));
    return d !== ZERO && freeOfState(d, model) && simplify(diff(d, c.name)) === ZERO;
  });
  if (!s) return undefined;
  // f = lead·s + rest, rest free of s: on the surface s = −rest/lead.
  const lead = simplify(diff(gap, s.name));
  return { s, S: simplify(mul(num(-1), subs(gap, new Map([[s.name, ZERO]])), pow(lead, -1))) };
}

/** ∂(next)/∂(now) over the section's coordinates (all but s, then q̇⁻), the next strike written on the surface. */
function sectionJacobian(system: DerivedSystem, s: Coordinate, next: ReadonlyMap<string, Expr>): Map<string, Expr> {
  const { model } = system;
  const section = [...model.coordinates.filter((c) => c !== s).map((c) => c.name), ...model.coordinates.map((c) => preImpactName(c.name))];
  const J = new Map<string, Expr>();
  for (const out of section) {
    const value = next.get(out)!;
    for (const input of section) J.set(`[${out},${input}]`, simplify(diff(value, input)));
  }
  return J;
}
