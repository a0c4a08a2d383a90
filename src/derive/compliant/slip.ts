// What a patch's Coulomb friction does to the slip, in closed form
// (kuleshov2011 §7, §11–§12). In the whole patch the friction resultants are
// σ times fixed multiples of the normal one (F_x = −σλF_y − ∫ϑdF_y,
// M = −σλrF_y for the disk; the ϑ-part is dropped as in (7.3)), so with
// n = M⁻¹∂Q/∂F (the normal direction) and f = M⁻¹∂Q/∂σ / F (the friction
// direction) every velocity changes in proportion to the normal force:
//  - impact (§7): the slip s and the depth rate q̇ change as ds = σρ dq̇ with
//    ρ = (∂s·f)/(∂q̇·n) (3λr: in the scales of (2.2), (v + γ)′ = 3σλh″, (7.5));
//    the velocity combination ℓ·q̇ with ℓ ⊥ n, f is conserved (n = 3: ℓ = n × f,
//    x' − rφ'/2, the paper's 2v − γ); the slip after the impact is
//    S = σ·max(0, |s⁻| − ρ(q̇⁻ − q̇⁺)), and ℓ·q̇ together with s = S gives the
//    velocities after it (Proposition 9);
//  - incline (§11): at rest depth the normal force F₀ balances the forcing's
//    normal part, the slip accelerates as a₀ + σa₁, and σ* = −a₀/a₁ (tan α/(3λ))
//    holds it at zero: the slip stops iff |σ*| < 1, (2.3) tan α < 3λ, and
//    a slip s does so after −s/(a₀ + a₁ sgn s), since σ = sgn s keeps its
//    sign until then (Proposition 15; in (2.2)'s scales T₁ ~ 1);
//  - rolling (§12): with σ = σ* at each speed u of the law's tangential state
//    symbol, the coordinates accelerate as a + b·u + O(u²) (ẍ = (2/3)g sin α
//    − (2/3)(νg cos α/(kr))ẋ for the disk: the rolling resistance, (3.1),
//    (12.2)–(12.3)), and roll steadily at u = −a/b; the rest depth is the
//    incline's, F₀ = mg cos α ((9.2)).
// Tests: test/derive/compliant/slip.test.ts.
import { add, dependsOn, div, fn, mul, neg, num, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import { cancel } from '../../core/cancel.js';
import { diff } from '../../core/diff.js';
import { together } from '../../core/together.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import { preImpactName } from '../../model/names.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import { solveSmall } from '../matrix.js';
import { balance, type PatchTerm } from './patch.js';
import { positiveParameters } from '../proofs/assumptions.js';
import { pullPositive } from './positive.js';

/** The slip after an impact (σA of Proposition 9), a symbol of the impact's velocities. */
const SLIP_AFTER = sym('S');

export interface PatchSlip {
  /** ρ: ds = σρ dq̇ during an impact. */
  readonly slipPerDepthRate: Expr;
  /** ℓ·q̇⁻, conserved during an impact, its first nonzero coefficient 1 (three coordinates only). */
  readonly invariant?: Expr;
  /** The velocities after an impact that leaves the slip `slip` (the symbol S), in those before it, q̇⁻ (three coordinates only). */
  readonly after?: { readonly velocities: readonly Expr[]; readonly slip: Expr };
  /** On the incline: σ* = −a₀/a₁ at rest depth; the slip stops iff |σ*| < 1. */
  readonly holding?: Expr;
  /** The time the slip s, in the velocities, takes to reach 0 at rest depth: −s/(a₀ + a₁ sgn s), positive where it stops (Proposition 15). */
  readonly stopTime?: Expr;
  /** Rolling without slip at rest depth: each coordinate's acceleration a + b·u in the law's tangential velocity u. */
  readonly rolling?: {
    readonly velocity: string;
    /** The rest depth there, where the whole patch carries F₀ ((9.2): s* = ½((3/2)cos α)^{2/3} in q = ε²s). */
    readonly depth: Expr;
    readonly acceleration: readonly Expr[];
    readonly perVelocity: readonly Expr[];
    readonly steady?: Expr;
  };
}

export function patchSlip(model: Model, l2: Lagrange2, term: PatchTerm): PatchSlip | undefined {
  const c = term.contact;
  const friction = c.friction;
  const whole = term.law.regimes.find((r) => r.name === 'whole');
  if (!friction || !whole || !term.slip) return undefined;
  const positive = new Set([...positiveParameters(model), c.depth]);
  const tidy = (e: Expr): Expr => simplify(pullPositive(simplify(e), positive));
  const cs = model.coordinates;
  const velocities = cs.map((q) => q.qd.name);
  const lawState = [...c.state.keys()];
  const stateFree = (e: Expr): boolean => ![...velocities, ...cs.map((q) => q.q.name), ...lawState].some((s) => dependsOn(e, s));

  const F = whole.resultants[c.normal]!;
  const byName = new Map(Object.entries(whole.resultants));
  const Q = c.forces.map((f) => subs(f, byName));
  const sigma = friction.sign;
  const Q1 = Q.map((e) => tidy(cancel(together(simplify(div(diff(e, sigma), F))))));
  const normalOnly = new Map([...c.resultants.keys()].map((name) => [name, name === c.normal ? num(1) : ZERO] as const));
  const Qn = c.forces.map((f) => simplify(subs(f, normalOnly)));
  if (!Q1.every(stateFree)) return undefined;
  const solve = (b: readonly Expr[]): Expr[] | undefined => solveSmall(l2.massMatrix, b)?.x.map(tidy);
  const n = solve(Qn);
  const f = solve(Q1);
  if (!n || !f) return undefined;
  const rowOf = (e: Expr): Expr[] => velocities.map((v) => diff(e, v));
  const S = rowOf(term.slip);
  const J = rowOf(neg(term.gapRate));
  const dot = (a: readonly Expr[], b: readonly Expr[]): Expr => tidy(add(...a.map((x, i) => mul(x, b[i]!))));
  const perNormal = dot(J, n);
  if (perNormal === ZERO) return undefined;
  const slipPerDepthRate = tidy(div(dot(S, f), perNormal));

  const impact =
    cs.length === 3
      ? impactMap(
          n,
          f,
          S,
          cs.map((q) => q.q.name),
          tidy,
        )
      : undefined;
  const incline = inclineOf(model, l2, term, { n, f, S, J, perNormal, Q, F, sigma, tidy, solve, positive });
  return { slipPerDepthRate, ...impact, ...incline };
}

/** ℓ = n × f normalized, and the velocities after the impact from ℓ·q̇⁺ = ℓ·q̇⁻ and s⁺ = S. */
function impactMap(n: readonly Expr[], f: readonly Expr[], S: readonly Expr[], coordinates: readonly string[], tidy: (e: Expr) => Expr): Partial<PatchSlip> {
  const cross = [sub(mul(n[1]!, f[2]!), mul(n[2]!, f[1]!)), sub(mul(n[2]!, f[0]!), mul(n[0]!, f[2]!)), sub(mul(n[0]!, f[1]!), mul(n[1]!, f[0]!))].map(tidy);
  const lead = cross.find((e) => e !== ZERO);
  if (!lead) return {};
  const l = cross.map((e) => tidy(div(e, lead)));
  const v = coordinates.map((name) => sym(preImpactName(name)));
  const invariant = tidy(add(...l.map((e, i) => mul(e, v[i]!))));
  // The normal velocity is the impact's own (H); the tangential ones solve ℓ·q̇⁺ = ℓ·q̇⁻, S·q̇⁺ = SLIP_AFTER
  // with the normal component of q̇⁺ as before (n's direction takes the rest).
  const moving = [0, 1, 2].filter((i) => l[i] !== ZERO || S[i] !== ZERO);
  if (moving.length !== 2) return { invariant };
  const [i, j] = moving as [number, number];
  const rest = (row: readonly Expr[]): Expr => add(...[0, 1, 2].filter((k) => k !== i && k !== j).map((k) => mul(row[k]!, v[k]!)));
  const A = [
    [l[i]!, l[j]!],
    [S[i]!, S[j]!],
  ];
  const solved = solveSmall(A, [tidy(sub(invariant, rest(l))), tidy(sub(SLIP_AFTER, rest(S)))])?.x;
  if (!solved) return { invariant };
  const velocities = v.map((x, k) => (k === i ? tidy(solved[0]!) : k === j ? tidy(solved[1]!) : x));
  return { invariant, after: { velocities, slip: SLIP_AFTER } };
}

interface Directions {
  readonly n: readonly Expr[];
  readonly f: readonly Expr[];
  readonly S: readonly Expr[];
  readonly J: readonly Expr[];
  readonly perNormal: Expr;
  readonly Q: readonly Expr[];
  readonly F: Expr;
  readonly sigma: string;
  readonly tidy: (e: Expr) => Expr;
  readonly solve: (b: readonly Expr[]) => Expr[] | undefined;
  readonly positive: ReadonlySet<string>;
}

/** σ* at rest depth, and rolling without slip to first order in the tangential velocity (whole patch, §11–§12). */
function inclineOf(model: Model, l2: Lagrange2, term: PatchTerm, d: Directions): Partial<PatchSlip> {
  const c = term.contact;
  const cs = model.coordinates;
  const still = new Map(cs.map((q) => [q.qd.name, ZERO] as const));
  const forcing = l2.forcing.map((e) => simplify(subs(e, still)));
  if (forcing.some((e) => cs.some((q) => dependsOn(e, q.q.name)))) return {};
  const a = d.solve(forcing);
  if (!a) return {};
  const dot = (x: readonly Expr[], y: readonly Expr[]): Expr => d.tidy(add(...x.map((e, i) => mul(e, y[i]!))));
  // The normal force at rest depth: the depth does not accelerate.
  const F0 = d.tidy(neg(div(dot(d.J, a), d.perNormal)));
  const a0 = d.tidy(add(dot(d.S, a), mul(dot(d.S, d.n), F0)));
  const a1 = d.tidy(mul(dot(d.S, d.f), F0));
  if (a1 === ZERO) return {};
  const holding = d.tidy(neg(div(a0, a1)));
  const stopTime = d.tidy(neg(div(term.slip!, add(a0, mul(fn('sign', term.slip!), a1)))));

  // Rolling: the law at the depth where the whole patch carries F₀ at rest, the depth's rate 0.
  const rate = [...c.state].find(([, e]) => simplify(neg(e)) === term.gapRate)?.[0];
  const tangential = [...c.state].filter(([s, e]) => s !== c.depth && s !== rate && cs.some((q) => dependsOn(e, q.qd.name))).map(([s]) => s);
  if (!rate || tangential.length !== 1) return { holding, stopTime };
  const u = tangential[0]!;
  const atRest = simplify(subs(d.F, new Map([...tangential, rate].map((s) => [s, ZERO] as const))));
  // The load as a positive symbol N until the end, so that the depth's powers cancel ((N^{2/3})^{3/2} = N).
  const N = sym('$N');
  const positive = new Set([...d.positive, N.name]);
  const depth = balance(atRest, c.depth, N, [...positive]);
  if (!depth) return { holding, stopTime };
  const tidy = (e: Expr): Expr => d.tidy(subs(simplify(pullPositive(simplify(e), positive)), new Map([[N.name, F0]])));
  const here = (e: Expr): Expr => subs(e, new Map([[c.depth, depth] as const, [rate, ZERO] as const]));
  const Q0 = d.Q.map((e) => here(subs(e, new Map([[d.sigma, ZERO]]))));
  const Q1 = d.Q.map((e) => here(diff(e, d.sigma)));
  const w0 = d.solve(Q0.map((e, i) => add(forcing[i]!, e)));
  const w1 = d.solve(Q1);
  if (!w0 || !w1) return { holding, stopTime };
  const held = neg(div(dot(d.S, w0), dot(d.S, w1)));
  const accelerations = w0.map((e, i) => add(e, mul(held, w1[i]!)));
  const at0 = (e: Expr): Expr => tidy(subs(e, new Map([[u, ZERO]])));
  const acceleration = accelerations.map(at0);
  const perVelocity = accelerations.map((e) => at0(diff(e, u)));
  // The steady speed along the first coordinate that the tangential velocity moves.
  const k = cs.findIndex((q) => dependsOn(c.state.get(u)!, q.qd.name));
  const steady = perVelocity[k] !== ZERO ? d.tidy(neg(div(acceleration[k]!, perVelocity[k]!))) : undefined;
  return { holding, stopTime, rolling: { velocity: u, depth: tidy(depth), acceleration, perVelocity, ...(steady ? { steady } : {}) } };
}
