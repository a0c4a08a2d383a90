// The start from rest of a model with Smirnov's support pairs and one degree
// of freedom left (smirnov1981 §2, example 2): at rest the direction of
// sliding is that of the load P along the free coordinate, so sgn q̇ is
// replaced by sgn P in the variants, and the system stays at rest while
// |P| ≤ Φ, Φ the switched friction bound (1.2), (2.2) of the variant then
// realized. The point between planes: rest iff |F_x| ≤ Φ(F_z); the prism:
// iff |P_x| ≤ Φ with sgn ẋ = sgn P_x.
// Tests: test/derive/friction/support-rest.test.ts.
import { add, fn, HALF, mul, num, ZERO, dependsOn, type Expr } from '../../core/expr.js';
import { evaluate } from '../../core/evaluate.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import { defaultsEnv, type SupportDerivation, type SupportVariant } from './supports.js';

export interface SupportRest {
  /** The free coordinate the pairs leave. */
  readonly coordinate: string;
  /** The load along it at rest: the generalized force with every velocity 0 (F_x, P_x). */
  readonly load: Expr;
  /** The switched friction bound with sgn q̇ = sgn load: rest persists while |load| ≤ bound. */
  readonly bound: Expr;
  /** Each full variant's reactions with sgn q̇ = sgn load, in the order of the variants: the Nᵢⱼ₁, Nᵢⱼ₂ the bound is switched by. */
  readonly reactions: readonly (readonly Expr[])[];
  /**
   * Load and bound at the default parameters and the initial configuration, and the free coordinate's acceleration
   * sliding with the load, (P − Φ sgn P)/M_ff with the fixed coordinates at rest (0 where |P| ≤ Φ: it stays).
   */
  readonly atDefaults: { readonly load: number; readonly bound: number; readonly slide: number };
}

/** smirnov1981 (1.2), (2.2): Σ F(s) eˢ over the full variants, F(s) = Πᵢ (1 + sgn Nᵢˢ)/2: 1 on the realized variant, 0 elsewhere. */
export const switchedSum = (variants: readonly SupportVariant[], value: (v: SupportVariant) => Expr): Expr =>
  add(...variants.map((v) => mul(value(v), ...v.reactions.map((N) => mul(HALF, add(num(1), fn('sign', N)))))));

/**
 * The rest condition where it is derived: the balance form of (1.1) with one free coordinate and a right side free of
 * velocities (so that at rest only sgn q̇ of the free coordinate is left in the variants); undefined otherwise.
 */
export function deriveSupportRest(model: Model, l2: Pick<Lagrange2, 'forcing' | 'massMatrix'>, s: SupportDerivation): SupportRest | undefined {
  if (s.form.kind !== 'balance' || s.freedom !== 1 || !s.variants?.length) return undefined;
  const fixed = s.form.coordinates;
  const cs = model.coordinates;
  const free = cs.find((c) => !fixed.includes(c.name))!;
  if (s.system.rhs.some((b) => cs.some((c) => dependsOn(b, c.qd.name)))) return undefined;
  const still = new Map(cs.map((c) => [c.qd.name, ZERO] as const));
  const load = simplify(subs(l2.forcing[cs.indexOf(free)]!, still));
  if (cs.some((c) => dependsOn(load, c.qd.name))) return undefined;
  // The variants hold q̇ only in sgn q̇ of the free coordinate (the right side has none): q̇ := P turns it into sgn P.
  const loaded = new Map([[free.qd.name, load]]);
  const bound = subs(
    switchedSum(s.variants, (v) => v.friction),
    loaded,
  );
  const reactions = s.variants.map((v) => v.reactions.map((N) => subs(N, loaded)));
  const env = defaultsEnv(model);
  const [P, Phi] = [evaluate(load, env), evaluate(bound, env)];
  const k = cs.indexOf(free);
  const slide = Math.abs(P) > Phi ? (P - Math.sign(P) * Phi) / evaluate(l2.massMatrix[k]![k]!, env) : 0;
  return { coordinate: free.name, load, bound, reactions, atDefaults: { load: P, bound: Phi, slide } };
}
