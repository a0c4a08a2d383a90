// The universal impact problem of a contact patch (kuleshov2011 §6): the
// motion along the normal, compression and restitution (5.3)–(5.4), scaled
// so that no parameter is left. With the depth q = a·h and the time t = b·τ
// the depth's equation q̈ = c·F(q, q̇) (the impact approximation of (5.3):
// the load, of lower order during the impact, dropped; c = ∂q/∂x · M⁻¹ · ∂Q/∂F
// is −1/(mr) for the disk) becomes h″ = (b²/a)·c·F(ah, (a/b)h′). The scales
// are the powers of the parameters that turn every term of the compression
// regime into a pure number: each term's exponents are linear in those of
// a and b, two independent terms fix them (for the disk a = (mk/(ν²r))²,
// b = ν/k), and then every regime is parameter-free:
//   h″ = −2√2 h^{1/2}h′ − (4√2/3)h^{3/2}   while h′ ≥ 0          (6.1)
//   h″ = −(4√2/3)(h + h′)^{3/2}            while h + h′ > 0      (6.2)
// with separation at h + h′ = 0, the positive factors of the separation and
// of the conditions dropped. The compression's two limits (Prop. 11, the
// proof's steps 3 and 4) stop it in closed form from h′(0) = h′₋: with only
// its terms free of h′ (elastic), h′²/2 + P(h) = h′₋²/2 (6.4) stops it at
// P(h) = h′₋²/2, h = (15h′₋²/(16√2))^{2/5}; with only those in h′
// (viscous, h″ = −D(h)h′), h′ + W(h) = h′₋ stops it at W(h) = h′₋,
// h = (3h′₋/(4√2))^{2/3}: so H(h′₋)/h′₋ → 1 and H grows as h′₋^{2/3}.
// Tests: test/derive/compliant/universal.test.ts.
import * as Q from '../../core/rational.js';
import { add, dependsOn, div, factorsOf, freeSymbols, HALF, mul, neg, num, pow, sym, termsOf, ZERO, type Expr, type Sym } from '../../core/expr.js';
import { definiteIntegral } from '../../core/integrate.js';
import { collectFactors } from '../../core/factor.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import { together } from '../../core/together.js';
import { diff } from '../../core/diff.js';
import type { Model } from '../../model/model.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import { solveSmall } from '../matrix.js';
import { positiveParameters } from '../proofs/assumptions.js';
import { pullPositive } from './positive.js';
import { balance, type PatchCondition, type PatchRegimeName, type PatchTerm } from './patch.js';

/** The scaled depth h and its rate h′ = dh/dτ (printed h, h′). */
export const SCALED_DEPTH = sym('h');
export const SCALED_RATE = sym('hprime');
/** The rate at the start, h′(0) = h′₋ (6.3). */
export const SCALED_ARRIVAL = sym('hprime0');

export interface UniversalRegime {
  readonly name: PatchRegimeName;
  /** The regime's conditions in h, h′, positive factors dropped. */
  readonly conditions: readonly PatchCondition[];
  /** h″ as a function of h and h′, free of the parameters. */
  readonly acceleration: Expr;
}

export interface UniversalProblem {
  /** a in q = a·h. */
  readonly depthScale: Expr;
  /** b in t = b·τ. */
  readonly timeScale: Expr;
  /** c in q̈ = c·F along the normal (the load dropped). */
  readonly normalCoefficient: Expr;
  readonly regimes: readonly UniversalRegime[];
  /** Where the inner patch shrinks to a point, in h, h′ (h + h′ for the disk). */
  readonly separation?: Expr;
  /** The depth where the compression stops in its elastic and its viscous limit, in h′₋ (SCALED_ARRIVAL). */
  readonly stops?: { readonly elastic: Expr; readonly viscous: Expr };
}

/** The unknown scales a and b of solveScales. */
export const SCALES = { a: sym('$a'), b: sym('$b') } as const;

/**
 * The patch's universal impact problem, or undefined where there is none: no
 * motion along the normal alone, a depth coefficient c that depends on the
 * state, or a normal force whose terms are not monomials in the parameters
 * with two independent exponents of a and b.
 */
export function universalProblem(model: Model, l2: Lagrange2, term: PatchTerm): UniversalProblem | undefined {
  const along = term.normalMotion;
  if (!along) return undefined;
  const c = term.contact;
  // The state symbol of the depth's rate (q̇ = −ḟ, f the gap).
  const rateSymbol = [...c.state].find(([, e]) => simplify(mul(num(-1), e)) === term.gapRate)?.[0];
  if (!rateSymbol) return undefined;
  const normalCoefficient = depthCoefficient(model, l2, term);
  const stateNames = model.coordinates.flatMap((q) => [q.q.name, q.qd.name]);
  if (!normalCoefficient || stateNames.some((s) => dependsOn(normalCoefficient, s))) return undefined;

  const positive = new Set([...positiveParameters(model), c.depth, SCALED_DEPTH.name, SCALES.a.name, SCALES.b.name]);
  const scaled = (e: Expr, a: Expr, b: Expr): Expr =>
    subs(
      e,
      new Map([
        [c.depth, mul(a, SCALED_DEPTH)],
        [rateSymbol, mul(div(a, b), SCALED_RATE)],
      ]),
    );
  const acceleration = (F: Expr, a: Expr, b: Expr): Expr =>
    simplify(pullPositive(simplify(mul(div(mul(b, b), a), normalCoefficient, scaled(F, a, b))), positive));

  const compression = along.law.regimes.find((r) => r.name === 'whole');
  if (!compression) return undefined;
  const scales = solveScales(acceleration(compression.resultants[c.normal]!, SCALES.a, SCALES.b), positive, [SCALED_DEPTH, SCALED_RATE]);
  if (!scales) return undefined;
  const { a, b } = scales;
  const free = (e: Expr): boolean => [...freeSymbols(e)].every((s) => s === SCALED_DEPTH.name || s === SCALED_RATE.name);
  const regimes = along.law.regimes.map((r) => ({
    name: r.name,
    conditions: r.conditions.map((k) => ({ expr: dropPositive(scaled(k.expr, a, b), positive), relation: k.relation })),
    acceleration: acceleration(r.resultants[c.normal]!, a, b),
  }));
  if (!regimes.every((r) => free(r.acceleration))) return undefined;
  const separation = along.law.separation && dropPositive(scaled(along.law.separation, a, b), positive);
  const stops = compressionStops(regimes.find((r) => r.name === 'whole')!.acceleration);
  return { depthScale: a, timeScale: b, normalCoefficient, regimes, ...(separation ? { separation } : {}), ...(stops ? { stops } : {}) };
}

/** Where h″ = −C(h) − D(h)h′ stops from h′₋ with D = 0 (elastic) and with C = 0 (viscous); undefined unless A is of that form with monomial integrals. */
function compressionStops(A: Expr): { elastic: Expr; viscous: Expr } | undefined {
  const h = SCALED_DEPTH.name;
  const C = simplify(neg(subs(A, new Map([[SCALED_RATE.name, ZERO]]))));
  const D = simplify(neg(diff(A, SCALED_RATE.name)));
  if (dependsOn(D, SCALED_RATE.name) || simplify(add(A, C, mul(D, SCALED_RATE))) !== ZERO) return undefined;
  const positive = [h, SCALED_ARRIVAL.name];
  const integral = (f: Expr): Expr | undefined => definiteIntegral(f, h, ZERO, SCALED_DEPTH);
  const [P, W] = [integral(C), integral(D)];
  const elastic = P && balance(P, h, mul(HALF, pow(SCALED_ARRIVAL, 2)), positive);
  const viscous = W && balance(W, h, SCALED_ARRIVAL, positive);
  return elastic && viscous ? { elastic, viscous } : undefined;
}

/** c = Σᵢ ∂depth/∂xᵢ (M⁻¹ ∂Q/∂F)ᵢ: the depth's acceleration per unit of the normal force, the other resultants and the friction at 0. */
export function depthCoefficient(model: Model, l2: Lagrange2, term: PatchTerm): Expr | undefined {
  const c = term.contact;
  const F = sym('$F');
  const zero = new Map<string, Expr>([...c.resultants.keys()].map((name) => [name, name === c.normal ? F : ZERO] as const));
  const dQ = c.forces.map((f) => diff(subs(f, zero), F.name));
  const x = solveSmall(l2.massMatrix, dQ)?.x;
  if (!x) return undefined;
  const depth = c.state.get(c.depth)!;
  return simplify(add(...model.coordinates.map((q, i) => mul(diff(depth, q.q.name), x[i]!))));
}

/**
 * The a and b (SCALES) that make every term of `e` (a sum of monomials in the
 * parameters, a, b and the scaled state) a pure number: the exponents of each
 * parameter p in a term are e_p + α·x_p + β·y_p with α, β the term's
 * exponents of a and b; two terms with α₁β₂ ≠ α₂β₁ determine x_p, y_p.
 */
export function solveScales(e: Expr, positive: ReadonlySet<string>, state: readonly Sym[]): { a: Expr; b: Expr } | undefined {
  const terms = termsOf(simplify(e)).map((t) => exponents(t, positive, state));
  if (terms.some((t) => !t)) return undefined;
  const ts = terms as Exponents[];
  for (let i = 0; i < ts.length; i++)
    for (let j = i + 1; j < ts.length; j++) {
      const [t1, t2] = [ts[i]!, ts[j]!];
      const det = Q.sub(Q.mul(t1.alpha, t2.beta), Q.mul(t2.alpha, t1.beta));
      if (Q.isZero(det)) continue;
      const names = [...new Set([...t1.params.keys(), ...t2.params.keys()])].sort();
      const a: Expr[] = [];
      const b: Expr[] = [];
      for (const p of names) {
        const e1 = t1.params.get(p) ?? Q.ZERO;
        const e2 = t2.params.get(p) ?? Q.ZERO;
        // α₁x + β₁y = −e₁, α₂x + β₂y = −e₂ by Cramer's rule.
        const x = Q.div(Q.sub(Q.mul(t1.beta, e2), Q.mul(t2.beta, e1)), det);
        const y = Q.div(Q.sub(Q.mul(t2.alpha, e1), Q.mul(t1.alpha, e2)), det);
        a.push(pow(sym(p), num(x)));
        b.push(pow(sym(p), num(y)));
      }
      return { a: mul(...a), b: mul(...b) };
    }
  return undefined;
}

interface Exponents {
  readonly alpha: Q.Rational;
  readonly beta: Q.Rational;
  /** Each parameter's exponent. */
  readonly params: ReadonlyMap<string, Q.Rational>;
}

/**
 * A monomial's exponents of a, b and the parameters (the scaled state and numbers skipped, and so is a
 * function of parameters that are not declared positive: cos α is a number to the scales); undefined for
 * anything else.
 */
function exponents(t: Expr, positive: ReadonlySet<string>, state: readonly Sym[]): Exponents | undefined {
  let alpha = Q.ZERO;
  let beta = Q.ZERO;
  const params = new Map<string, Q.Rational>();
  for (const f of factorsOf(t)) {
    if (f.kind === 'num') continue;
    const [base, exp] = f.kind === 'pow' ? [f.base, f.exp] : [f, num(1)];
    if (base.kind === 'num') continue;
    const dimensionless = [...freeSymbols(f)].every((s) => !positive.has(s) && !state.some((x) => x.name === s));
    if (base.kind !== 'sym' && dimensionless) continue;
    if (base.kind !== 'sym' || exp.kind !== 'num') return undefined;
    if (state.includes(base)) continue;
    if (base === SCALES.a) alpha = Q.add(alpha, exp.value);
    else if (base === SCALES.b) beta = Q.add(beta, exp.value);
    else if (positive.has(base.name)) params.set(base.name, Q.add(params.get(base.name) ?? Q.ZERO, exp.value));
    else return undefined;
  }
  return { alpha, beta, params };
}

/** e with its factors free of the scaled state dropped (they are positive, so the sign of e is kept). */
function dropPositive(e: Expr, positive: ReadonlySet<string>): Expr {
  const factors = factorsOf(collectFactors(together(simplify(pullPositive(simplify(e), positive)))));
  const kept = factors.filter((f) => dependsOn(f, SCALED_DEPTH.name) || dependsOn(f, SCALED_RATE.name));
  const sign = factors.some((f) => f.kind === 'num' && Q.isNegative(f.value)) ? -1 : 1;
  return simplify(mul(num(sign), ...kept));
}
