// Partial derivatives ∂e/∂x. Right before any simplification: the result is
// only put in canonical form by the constructors, never rewritten.
import { MechanicsError } from '../errors.js';
import * as Q from './rational.js';
import type { Rational } from './rational.js';
import {
  add,
  addAll,
  contains,
  cos,
  dependsOn,
  div,
  fn,
  liveSymbol,
  makeMul,
  memo,
  mul,
  mulFactors,
  mulOmitting,
  neg,
  num,
  ONE,
  pow,
  sin,
  splitCoeff,
  TermSum,
  unreachable,
  ZERO,
  type Expr,
  type Factor,
  type Fn,
  type Sym,
  type Term,
} from './expr.js';
import type { Part } from './expand.js';
import { deepSafe } from './traverse.js';

/**
 * ∂e/∂x. Shared subexpressions are differentiated once, and a node keeps its
 * derivatives (memo slot `derivatives`, a function of its structure alone):
 * a derivation takes ∂/∂q of the same entries and factors many times (∂M/∂q
 * for the forcing, for ∂L/∂q and again for the linearization).
 */
export function diff(e: Expr, x: string): Expr {
  const D = differentiator(x);
  return D === undefined ? ZERO : D.d(e);
}

/**
 * The derivatives of the terms c·t of a sum as parts k·p with p = ∂t/∂x / k
 * (what expandTerms takes): for a product of which one factor depends on x
 * (a term of a Jacobian row: l₁l₂m₃q̇₂²sin(q₁ − q₂)), p is coefficient-free
 * and made without making ∂t/∂x first, a node per term that only the
 * caller's split would read. A monomial m times a sum S with x (q̈ⱼ·Mᵢⱼ)
 * gives the part m·∂S/∂x as ∂S/∂x `times` m: the product, a node with a
 * sum factor (often negated into another sum to take out a leading minus),
 * was only multiplied out again.
 */
export function diffTerms(terms: readonly Term[], x: string, products?: TermProducts): Part[] {
  const D = differentiator(x);
  const out: Part[] = [];
  if (D === undefined) return out;
  for (const t of terms) {
    const part = monomialTimesSum(t, D);
    if (part !== undefined) {
      out.push(part);
      continue;
    }
    const [k, p] = termDerivative(t.expr, D, products);
    if (p !== ZERO) out.push({ expr: p, coeff: Q.mul(t.coeff, k) });
  }
  return out;
}

/**
 * The products termDerivative made, by term: (the other factors)·u for the
 * factor at `at` whose derivative is c·u. A term's derivatives by two names
 * often differ only in c (∂/∂qᵢ and ∂/∂qⱼ of l·sin(qᵢ − qⱼ) are
 * ±l·cos(qᵢ − qⱼ)), and then the product is the one made before: a third
 * of a residual row's term derivatives at n = 10, each a merge and lookup.
 * For diffTerms over one row's terms by each of its names.
 */
export type TermProducts = Map<Expr, { readonly at: number; readonly unit: Expr; readonly c: Rational; readonly m: Expr }>;

/** c·∂t/∂x as ∂S/∂x times the monomial m, for a term t = k·m·S of symbol powers m and one sum S with x whose derivative is a sum; else undefined. */
function monomialTimesSum(t: Term, D: Differentiator): Part | undefined {
  const u = t.expr;
  if (u.kind !== 'mul' || u.factors.length < 2 || known(u, D.x) !== undefined) return undefined;
  let S: Expr | undefined;
  for (const f of u.factors) {
    if (f.base.kind === 'add' && f.exp === ONE && S === undefined) S = f.base;
    else if (f.base.kind !== 'sym' || f.exp.kind !== 'num' || f.base === D.s) return undefined;
  }
  const dS = S === undefined ? undefined : D.d(S);
  if (dS === undefined || dS.kind !== 'add') return undefined;
  return {
    expr: dS,
    coeff: Q.mul(t.coeff, u.coeff),
    times: makeMul(
      Q.ONE,
      u.factors.filter((f) => f.base !== S),
    ),
  };
}

/** ∂/∂x memoized on the nodes (memo slot `derivatives`), with whether a node depends on x: for many derivatives by one name (diff makes one per call). */
export interface Differentiator {
  readonly x: string;
  /** The symbol named x. */
  readonly s: Sym;
  readonly d: (u: Expr) => Expr;
  readonly has: (u: Expr) => boolean;
}

export function differentiator(x: string): Differentiator | undefined {
  const s = liveSymbol(x);
  if (s === undefined) return undefined;
  const has = (u: Expr): boolean => contains(u, s);
  const D: Differentiator = {
    x,
    s,
    has,
    d: deepSafe(
      (u) => {
        if (!has(u)) return ZERO;
        const hit = known(u, x);
        if (hit) return hit;
        const r = rule(u, D);
        const m = memo(u);
        // Copied while short: a list grown by push keeps V8's 17-slot backing store (≈ 15 MB of slack at n = 60).
        // Then a Map: a velocity ẋ_k of the n-link pendulum is differentiated by 2n names, a scan per lookup.
        const ds = m.derivatives;
        if (!ds) m.derivatives = [x, r];
        else if (ds instanceof Map) ds.set(x, r);
        else if (ds.length < 16) m.derivatives = [...ds, x, r];
        else {
          const byName = new Map<string, Expr>([[x, r]]);
          for (let i = 0; i < ds.length; i += 2) byName.set(ds[i] as string, ds[i + 1] as Expr);
          m.derivatives = byName;
        }
        return r;
      },
      (u) => !has(u) || known(u, x) !== undefined,
    ),
  };
  return D;
}

/**
 * ∂t/∂x as k·p. A product with one factor bᵢ^eᵢ depending on x, whose
 * derivative was not taken before, gives k·p = (Π_{j≠i} bⱼ^eⱼ)·∂(bᵢ^eᵢ)
 * with p the coefficient-free product, merged from the other factors and
 * the coefficient-free part of ∂(bᵢ^eᵢ) (the product rule's single term,
 * as mulOmitting merges it, without its coefficient); anything else k = 1,
 * p = ∂t/∂x.
 */
function termDerivative(t: Expr, D: Differentiator, products?: TermProducts): [Rational, Expr] {
  if (t.kind === 'mul' && known(t, D.x) === undefined) {
    const fs = t.factors;
    let i = -1;
    for (let j = 0; j < fs.length && i !== -2; j++) if (factorHas(fs[j]!, D)) i = i === -1 ? j : -2;
    // Not when the other factors are one sum: mulFactors multiplies that in through mul, which may flip or flatten it.
    const other = fs.length === 2 ? fs[1 - i] : undefined;
    if (i >= 0 && !(other !== undefined && other.exp === ONE && other.base.kind === 'add')) {
      const di = D.d(pow(fs[i]!.base, fs[i]!.exp));
      if (di === ZERO) return [Q.ONE, ZERO];
      const [c, unit] = splitCoeff(di);
      const made = products?.get(t);
      if (made !== undefined && made.at === i && made.unit === unit) return [Q.mul(t.coeff, Q.mul(c, made.c)), made.m];
      const p = mulFactors(
        Q.ONE,
        fs.filter((_, j) => j !== i),
        unit,
      );
      if (isPlainTerm(p)) {
        const [c2, m] = splitCoeff(p);
        products?.set(t, { at: i, unit, c: c2, m });
        return [Q.mul(t.coeff, Q.mul(c, c2)), m];
      }
    }
  }
  return [Q.ONE, D.d(t)];
}

/**
 * What ∂P/∂x of a sum is made of, flattened for comparison by identity: per
 * term that depends on x its coefficient, the factors free of x and the
 * derivative of the one that is not. The sum rule and termDerivative build
 * ∂P/∂x from these alone, so two sums with equal lists have the same
 * derivative: the mass matrix's copies (lagrange2.ts) differentiate n − j
 * sums P_k, each by one merge and lookup per term and one for the sum, to
 * find the same S each time. Undefined where a term has no single factor
 * depending on x (the product rule's other paths).
 */
export function derivativeParts(P: Expr & { kind: 'add' }, D: Differentiator): unknown[] | undefined {
  const parts: unknown[] = [];
  for (const t of P.terms) {
    if (!D.has(t.expr)) continue;
    if (t.expr.kind !== 'mul') return undefined;
    const fs = t.expr.factors;
    let at = -1;
    for (let j = 0; j < fs.length; j++) {
      if (!factorHas(fs[j]!, D)) continue;
      if (at >= 0) return undefined;
      at = j;
    }
    if (at < 0) return undefined;
    parts.push(t.coeff.n, t.coeff.d, fs.length);
    for (let j = 0; j < fs.length; j++) if (j !== at) parts.push(fs[j]!.base, fs[j]!.exp);
    parts.push(D.d(pow(fs[at]!.base, fs[at]!.exp)));
  }
  return parts;
}

/** ∂u/∂x if it was taken before. */
function known(u: Expr, x: string): Expr | undefined {
  const ds = memo(u).derivatives;
  if (ds === undefined) return undefined;
  if (ds instanceof Map) return ds.get(x);
  for (let i = 0; i < ds.length; i += 2) if (ds[i] === x) return ds[i + 1] as Expr;
  return undefined;
}

function rule(e: Expr, D: Differentiator): Expr {
  const { x, d, has } = D;
  switch (e.kind) {
    case 'num':
      return ZERO;
    case 'sym':
      return e.name === x ? ONE : ZERO;
    case 'add': {
      // Σ c·∂t, collected as addAll collects the products c·∂t, without
      // making them: a node per term of every derivative of a sum (the
      // partials ∂M_jk/∂q_x of a mass matrix) that nothing kept.
      const sum = new TermSum();
      for (const t of e.terms) {
        if (!has(t.expr)) continue;
        const [k, dt] = termDerivative(t.expr, D);
        if (dt === ZERO) continue;
        const c = Q.mul(t.coeff, k);
        if (isPlainTerm(dt)) sum.spread(dt, c);
        // A number, a sum or a multiple of one sum: c·∂t made, as addAll takes it.
        else sum.spread(mul(num(c), dt));
      }
      return sum.build();
    }
    case 'mul': {
      // Product rule over the factors bᵢ^eᵢ: Σᵢ (Π_{j≠i} bⱼ^eⱼ)·∂(bᵢ^eᵢ).
      // Dropping one factor of a canonical product leaves a canonical
      // product, merged with ∂(bᵢ^eᵢ) directly (mulOmitting).
      const parts: Expr[] = [];
      const fs = e.factors;
      for (let i = 0; i < fs.length; i++) {
        if (!has(fs[i]!.base) && !has(fs[i]!.exp)) continue;
        const di = d(pow(fs[i]!.base, fs[i]!.exp));
        if (di === ZERO) continue;
        parts.push(mulOmitting(e, i, di));
      }
      return parts.length === 1 ? parts[0]! : addAll(parts);
    }
    case 'pow': {
      const { base, exp } = e;
      if (!has(exp)) {
        // d(b^k) = k b^(k−1) db
        return mul(exp, pow(base, add(exp, num(Q.MINUS_ONE))), d(base));
      }
      // d(b^u) = b^u (du·log b + u db / b); the second term only when b
      // depends on x (a constant base may be 0, and 0^−1 is an error).
      const db = d(base);
      const viaExp = mul(d(exp), fn('log', base));
      return mul(e, db === ZERO ? viaExp : add(viaExp, mul(exp, db, pow(base, -1))));
    }
    case 'fn':
      return mul(outerDerivative(e), d(e.args[0]!));
    default:
      return unreachable(e);
  }
}

/** Whether a factor depends on x: a symbol base is x or not, a numeric exponent never does (no walk of their symbol lists). */
const factorHas = (f: Factor, D: Differentiator): boolean => (f.base.kind === 'sym' ? f.base === D.s : D.has(f.base)) || (f.exp.kind !== 'num' && D.has(f.exp));

/**
 * A term whose multiples c·u (u its coefficient-free part) are products over
 * u's own factor list, whatever c: a symbol, function or power, or a
 * product other than a multiple of one sum (which scale may flip or flatten).
 */
const isPlainTerm = (e: Expr): boolean =>
  e.kind === 'sym' || e.kind === 'fn' || e.kind === 'pow' || (e.kind === 'mul' && (e.factors.length > 1 || e.factors[0]!.base.kind !== 'add'));

function outerDerivative(f: Fn): Expr {
  const u = f.args[0]!;
  switch (f.name) {
    case 'sin':
      return cos(u);
    case 'cos':
      return neg(sin(u));
    case 'tan':
      return add(ONE, pow(f, 2));
    case 'asin':
      return pow(add(ONE, neg(pow(u, 2))), num(-0.5));
    case 'acos':
      return neg(pow(add(ONE, neg(pow(u, 2))), num(-0.5)));
    case 'atan':
      return pow(add(ONE, pow(u, 2)), num(-1));
    case 'exp':
      return f;
    case 'log':
      return div(ONE, u);
    case 'abs':
      return fn('sign', u);
    case 'sign':
      // Zero almost everywhere; the jump at 0 is a contact law's business,
      // not a classical derivative's.
      return ZERO;
    default:
      throw new MechanicsError('internal', 'internal', `no derivative rule for ${(f as Fn).name}`);
  }
}

/** Total time derivative d/dt along q(t): ∂e/∂t + Σ ∂e/∂qᵢ q̇ᵢ (+ Σ ∂e/∂q̇ᵢ q̈ᵢ when given). */
export function timeDerivative(e: Expr, t: string, chain: readonly (readonly [string, Expr])[]): Expr {
  const parts: Expr[] = [diff(e, t)];
  for (const [name, rate] of chain) if (dependsOn(e, name)) parts.push(mul(diff(e, name), rate));
  return addAll(parts);
}
