// kozlov1988 §3, after Theorem 3: with k = 0 the theorem holds for the
// potential V_N* = V + exp(−Nf) too. Derived here in closed form for a contact
// of the model realized so, where the model has a constant mass matrix M, no
// other force, and a gap f linear in q (f = x₁ of the semi-geodesic
// coordinates): the motion splits into f and the directions Gᵀ leaves free.
// With G = ∂f/∂q and the normal mass m = 1/(G M⁻¹ Gᵀ), M q̈ = N e^{−Nf} Gᵀ
// gives m f̈ = N e^{−Nf}, whose energy ½mḟ² + e^{−Nf} = ½mV² fixes the speed V
// far from the wall, and whose solution from f(0) = f₀, ḟ(0) = r < 0 is
//   f(t) = (2/N) ln cosh(NV(t − t₀)/2) − (1/N) ln(mV²/2),
//   t₀ = (1/(NV)) ln((V − r)/(V + r)) = (Nf₀ + ln(m(V − r)²/2))/(NV),
//   V² = r² + 2e^{−Nf₀}/m
// (e^{−Nf} = ½mV² sech²(NV(t − t₀)/2)). It is even about the turn t₀, so f
// is back at f₀ at δ_N = 2t₀ with ḟ = −r: (3.2) with e = 1 at every N, and
// δ_N, the depth −(1/N) ln(mV²/2) and the tangential drift all O(1/N), where
// the quadratic potential's are O(N^{−1/2}). The velocities along the free
// directions are unchanged: q̇ = q̇₀ + u(ḟ − r), u = m M⁻¹Gᵀ (G u = 1).
// Tests: test/derive/compliant/exponential-impact.test.ts.
import { add, dependsOn, fn, HALF, mul, neg, num, pow, sqrt, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { evaluate } from '../../core/evaluate.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import { solveSmall } from '../matrix.js';
import type { DerivedSystem } from '../system.js';

/** The impact on one contact realized by e^{−Nf}, from the model's initial state. */
export interface ExponentialImpact {
  /** m = 1/(G M⁻¹ Gᵀ). */
  readonly normalMass: Expr;
  /** V, the normal speed where e^{−Nf} is negligible. */
  readonly speed: Expr;
  /** f(t) from the entry to the exit, in the model's time `t`. */
  readonly gap: Expr;
  /** δ_N, the time from the entry to the return to f₀. */
  readonly duration: Expr;
  /** min f, reached at δ_N/2. */
  readonly depth: Expr;
  /** q(δ_N) and q̇(δ_N), in coordinate order. */
  readonly q: readonly Expr[];
  readonly qd: readonly Expr[];
}

const cosh = (x: Expr): Expr => mul(HALF, add(fn('exp', x), fn('exp', neg(x))));

/**
 * The motion through the contact named `contact` realized by e^{−Nf}, N the
 * parameter `strength`; undefined outside the class above (M or f not as
 * stated, another force, a start off the admissible side or leaving it).
 */
export function exponentialImpact(system: DerivedSystem, contact: string, strength: string): ExponentialImpact | undefined {
  const { model, lagrange2 } = system;
  const c = [...(model.compliant ?? []), ...model.unilateral].find((x) => x.name === contact);
  if (!c || !model.parameters.some((p) => p.name === strength)) return undefined;
  const names = model.coordinates.flatMap((x) => [x.q.name, x.qd.name]);
  const constant = (e: Expr): boolean => !names.some((n) => dependsOn(e, n));
  const G = model.coordinates.map((x) => simplify(diff(c.gap, x.q.name)));
  const M = lagrange2.massMatrix;
  if (!G.every(constant) || !M.every((row) => row.every(constant)) || lagrange2.forcing.some((f) => f !== ZERO)) return undefined;
  const solved = solveSmall(M, G);
  if (!solved) return undefined;
  const normalMass = simplify(pow(add(...G.map((g, i) => mul(g, solved.x[i]!))), -1));
  const u = solved.x.map((x) => simplify(mul(normalMass, x)));
  const { q0, qd0 } = model.initialExprs;
  const value = (v: number | Expr): Expr => (typeof v === 'number' ? num(v) : v);
  const start = new Map(model.coordinates.map((x, i) => [x.q.name, value(q0[i]!)] as const));
  const f0 = simplify(subs(c.gap, start));
  const r = simplify(add(...G.map((g, i) => mul(g, value(qd0[i]!)))));
  // The closed form follows an entry: on the admissible side, moving into the wall (at the defaults).
  const defaults = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  if (evaluate(f0, defaults) < 0 || evaluate(r, defaults) >= 0) return undefined;
  const N = sym(strength);
  const speed = simplify(sqrt(add(mul(r, r), mul(num(2), fn('exp', neg(mul(N, f0))), pow(normalMass, -1)))));
  // ln((V − r)/(V + r)) with (V − r)(V + r) = 2e^{−Nf₀}/m: no V + r → 0 to cancel as N grows.
  const turn = mul(pow(mul(N, speed), -1), add(mul(num(2), fn('log', sub(speed, r))), fn('log', mul(HALF, normalMass)), mul(N, f0)));
  const duration = simplify(mul(num(2), turn));
  const level = fn('log', mul(HALF, normalMass, speed, speed));
  const t = sym('t');
  const gap = add(mul(num(2), pow(N, -1), fn('log', cosh(mul(HALF, N, speed, sub(t, turn))))), neg(mul(pow(N, -1), level)));
  const depth = simplify(neg(mul(pow(N, -1), level)));
  // f(δ_N) = f₀ and ḟ(δ_N) = −r, so q(δ_N) = q₀ + (q̇₀ − r u)δ_N and q̇(δ_N) = q̇₀ − 2r u.
  const q = model.coordinates.map((_, i) => simplify(add(value(q0[i]!), mul(sub(value(qd0[i]!), mul(r, u[i]!)), duration))));
  const qd = model.coordinates.map((_, i) => simplify(sub(value(qd0[i]!), mul(num(2), r, u[i]!))));
  return { normalMass, speed, gap, duration, depth, q, qd };
}
