// Expansion: distribute products and positive integer powers over sums.
import * as Q from './rational.js';
import type { Rational } from './rational.js';
import { addFromTerms, fn, makeFactor, makeMul, memo, mul, mulFactors, num, ONE, pow, splitCoeff, TermSum, unreachable, type Expr, type Term } from './expr.js';
import { deepSafe, memoPass } from './traverse.js';

/** Polynomial in "monomials": canonical term → coefficient; ONE keys the constant. */
type Poly = Map<Expr, Rational>;

function single(e: Expr): Poly {
  const [c, rest] = splitCoeff(e);
  return new Map([[rest, c]]);
}

function times(a: Poly, b: Poly): Poly {
  const out: Poly = new Map();
  const put = (m: Expr, k: Rational): void => {
    const prev = out.get(m);
    out.set(m, prev ? Q.add(prev, k) : k);
  };
  for (const [ea, ca] of a) {
    for (const [eb, cb] of b) {
      const prod = ea === ONE ? eb : eb === ONE ? ea : mul(ea, eb);
      const k = Q.mul(ca, cb);
      // Fractional powers of one sum can multiply into a sum or a positive
      // integer power of it ((a+b)^½·(a+b)^½ = a+b): expand that product.
      if (ea !== ONE && eb !== ONE && hasSumBase(ea) && hasSumBase(eb) && needsExpansion(prod)) {
        const x = expand(prod);
        if (x.kind === 'add') {
          if (!Q.isZero(x.constant)) put(ONE, Q.mul(k, x.constant));
          for (const t of x.terms) put(t.expr, Q.mul(k, t.coeff));
        } else {
          const [c, m] = splitCoeff(x);
          put(m, Q.mul(k, c));
        }
        continue;
      }
      const [c, m] = splitCoeff(prod);
      put(m, Q.mul(k, c));
    }
  }
  return out;
}

const isPositiveInteger = (e: Expr): boolean => e.kind === 'num' && e.value.d === 1 && e.value.n > 0;

function hasSumBase(e: Expr): boolean {
  if (e.kind === 'pow') return e.base.kind === 'add';
  if (e.kind === 'mul') return e.factors.some((f) => f.base.kind === 'add');
  return false;
}

/** A sum, or a product or power with a sum raised to a positive integer. */
function needsExpansion(e: Expr): boolean {
  switch (e.kind) {
    case 'add':
      return true;
    case 'pow':
      return e.base.kind === 'add' && isPositiveInteger(e.exp);
    case 'mul':
      return e.factors.some((f) => f.base.kind === 'add' && isPositiveInteger(f.exp));
    default:
      return false;
  }
}

function toExpr(p: Poly): Expr {
  const constant = p.get(ONE) ?? Q.ZERO;
  p.delete(ONE);
  return addFromTerms(constant, p);
}

/** A base that expansion leaves as it is: a symbol, or a function of expanded arguments. */
const isExpandedAtom = (b: Expr): boolean => b.kind === 'sym' || (b.kind === 'fn' && b.args.every((a) => memo(a).expanded === a || expand(a) === a));

/**
 * A product of powers of expanded atoms with numeric exponents is its own
 * expansion: rebuilding it factor by factor made k − 1 intermediate products
 * per monomial of k factors (the bulk of expanding derivatives of expanded
 * sums, which are sums of such monomials).
 */
const isMonomial = (u: Expr & { kind: 'mul' }): boolean => u.factors.every((f) => f.exp.kind === 'num' && isExpandedAtom(f.base));

/** A power of an expanded atom with a numeric exponent, or such an atom: its own expansion. */
export const isExpandedPower = (u: Expr): boolean =>
  u.kind === 'mul' ? isMonomial(u) : u.kind === 'pow' ? u.exp.kind === 'num' && isExpandedAtom(u.base) : isExpandedAtom(u);

/** A product of powers of `atom`s with numeric exponents, or one such power. */
const isPowerOf = (u: Expr, atom: (b: Expr) => boolean): boolean =>
  u.kind === 'mul' ? u.factors.every((f) => f.exp.kind === 'num' && atom(f.base)) : u.kind === 'pow' ? u.exp.kind === 'num' && atom(u.base) : atom(u);

/**
 * A sum of monomials is its own expansion (its terms are coefficient-free
 * and distinct, so the polynomial expandOnce would collect is the sum
 * itself). Derivatives and sums of expanded forms are mostly such sums, and
 * expandOnce spent a map per term to find that out.
 */
export const isExpandedSum = (e: Expr): boolean => e.kind === 'add' && e.terms.every((t) => isExpandedPower(t.expr));

/**
 * expand(addAll(parts)), collected from the parts one by one (expansion is
 * linear), without building their sum, and a part c·m·S (m a product of
 * expanded atoms, S an expanded sum) multiplied out term by term without
 * building it first: a Jacobian entry's derivatives are such parts
 * (q̈ⱼ·∂Mᵢⱼ/∂qₓ beside monomials), which expand's general walk took apart
 * with a map per node.
 */
export function expandAll(parts: readonly Expr[], keep?: Kept): Expr {
  return expandTerms(
    parts.map((expr) => ({ expr, coeff: Q.ONE })),
    keep,
  );
}

/**
 * A part c·e of expandTerms, or c·m·e with `times` the monomial m (a
 * product of symbols, coefficient 1): Lagrange II's ∂M_jk/∂q_x·q̇_jq̇_k.
 * The product m·e of a sum e was a node (often with the sum negated into
 * another node, a leading minus being taken out) made only to be
 * multiplied out here.
 */
export interface Part extends Term {
  readonly times?: Expr;
}

/**
 * expandAll of the parts c·e (c·m·e) for the terms {e, c} (and m), without
 * making them: the linearization's derivatives ∂t/∂x of a row's terms t
 * come with the terms' coefficients, and c·∂t made a node per term only to
 * be split apart again here.
 */
export function expandTerms(parts: readonly Part[], keep?: Kept): Expr {
  const out = new TermSum();
  const put = (m: Expr, k: Rational): void => {
    if (m === ONE) out.constant = Q.add(out.constant, k);
    else out.term(m, k);
  };
  const atom = keep === undefined ? isExpandedAtom : (b: Expr): boolean => isExpandedAtom(b) || (b.kind === 'add' && keep(b));
  for (const { expr, coeff, times } of parts) {
    if (times !== undefined && timesExpanded(times, expr, coeff, put, atom)) continue;
    const [pc, u] = splitCoeff(times === undefined ? expr : mul(times, expr));
    const c = Q.mul(coeff, pc);
    const sum = u.kind === 'mul' ? lonePlainSum(u, atom) : undefined;
    // A monomial (no sum among the expanded atoms) is its own expansion, as
    // expand records: put as it is, not walked again by expand (most parts
    // of a Jacobian entry are monomials ∂t/∂x).
    if (sum === MONOMIAL) {
      if (keep === undefined) memo(u).expanded = u;
      put(u, c);
      continue;
    }
    if (u.kind === 'mul' && sum) {
      const others = u.factors.filter((f) => f.base !== sum);
      if (!Q.isZero(sum.constant)) put(makeMul(Q.ONE, others), Q.mul(c, sum.constant));
      for (const t of sum.terms) {
        const [k, m] = splitCoeff(mulFactors(Q.ONE, others, t.expr));
        put(m, Q.mul(c, Q.mul(k, t.coeff)));
      }
      continue;
    }
    if (keep !== undefined && (u.kind === 'add' ? keep(u) : u.kind === 'pow' && atom(u.base) && u.exp.kind === 'num')) put(u, c);
    else out.spread(keep === undefined ? expand(u) : expandOnce(u, keep), c);
  }
  const r = out.build();
  // An expansion is its own (as expand records for its results): simplify
  // of it then skips the walk that would find that out. Not so of one that
  // kept sums.
  if (keep === undefined) memo(r).expanded = r;
  return r;
}

/**
 * Whether an expression is free of the state: such a sum is kept as a
 * factor by expandTerms (its `keep`), as the mass sums Σₖ mₖ of Lagrange
 * II's M, one factor of each term it multiplies, so that a coefficient of
 * n masses is one shared node instead of n terms in every sum it enters.
 */
export type Kept = (e: Expr) => boolean;

/**
 * c·m·e multiplied out into `put` where e is an expanded sum (term by term,
 * m merged into each: what expandTerms does with the product m·e) or a
 * monomial (m·e is one); else false, and the caller takes the product.
 */
function timesExpanded(m: Expr, e: Expr, c: Rational, put: (m: Expr, k: Rational) => void, atom: (b: Expr) => boolean): boolean {
  const factors = m.kind === 'mul' ? m.factors : [makeFactor(m.kind === 'pow' ? m.base : m, m.kind === 'pow' ? m.exp : ONE)];
  const own = (u: Expr): boolean => (atom === isExpandedAtom ? isExpandedPower(u) : isPowerOf(u, atom));
  if (e.kind === 'add' ? atom(e) || !e.terms.every((t) => own(t.expr)) : !own(e)) return false;
  const terms = e.kind === 'add' ? e.terms : [{ expr: e, coeff: Q.ONE }];
  if (e.kind === 'add' && !Q.isZero(e.constant)) put(m, Q.mul(c, e.constant));
  for (const t of terms) {
    const [k, u] = splitCoeff(mulFactors(Q.ONE, factors, t.expr));
    put(u, Q.mul(c, Q.mul(k, t.coeff)));
  }
  return true;
}

/** lonePlainSum's answer for a product of powers of expanded atoms alone (isMonomial). */
const MONOMIAL = 'monomial';

/** The one sum factor (exponent 1) of a product whose other factors are powers of expanded atoms, when that sum is expanded; MONOMIAL without a sum. */
function lonePlainSum(u: Expr & { kind: 'mul' }, atom: (b: Expr) => boolean): (Expr & { kind: 'add' }) | typeof MONOMIAL | undefined {
  let sum: (Expr & { kind: 'add' }) | undefined;
  for (const f of u.factors) {
    if (f.exp.kind === 'num' && atom(f.base)) continue;
    if (f.base.kind === 'add' && f.exp === ONE && sum === undefined) sum = f.base;
    else return undefined;
  }
  if (sum === undefined) return MONOMIAL;
  return isExpandedSum(sum) ? sum : undefined;
}

/**
 * How many products multiplying e out makes before like ones are gathered:
 * what expand(e) costs, and an estimate of its terms, counted without
 * expanding (a power other than to a positive integer counts as one, as do
 * function calls). A sum of 32 terms in the prism's friction section
 * multiplies out into 387 072.
 */
export function productsInExpansion(e: Expr): number {
  return memoPass<number>((u, go) => {
    const power = (base: Expr, exp: Expr): number => (exp.kind === 'num' && exp.value.d === 1 && exp.value.n > 0 ? go(base) ** exp.value.n : 1);
    switch (u.kind) {
      case 'num':
      case 'sym':
      case 'fn':
        return 1;
      case 'add':
        return u.terms.reduce((n, t) => n + go(t.expr), Q.isZero(u.constant) ? 0 : 1);
      case 'mul':
        return u.factors.reduce((n, f) => n * power(f.base, f.exp), 1);
      case 'pow':
        return power(u.base, u.exp);
      default:
        return unreachable(u);
    }
  })(e);
}

/** e with all products and positive integer powers of sums multiplied out (also inside function arguments). */
export function expand(e: Expr): Expr {
  return expandDeepSafe(e);
}

// One recursion guard for all calls: expanding a function's arguments calls
// expand again, so a chain of functions nests calls of expand.
const expandDeepSafe = deepSafe(
  (e: Expr): Expr => {
    const m = memo(e);
    if (m.expanded) return m.expanded;
    // A monomial is its own expansion too: the derivatives the linearization
    // multiplies out are mostly monomials, and expandOnce spent three maps
    // and a closure on each to find that out.
    // A sum is expanded term by term (expansion is linear): a product of
    // monomials with one expanded sum (M_ij·q̇_iq̇_j of a Lagrangian, L + 2V for
    // the energy) is multiplied out directly, without expandOnce's maps.
    const r =
      isExpandedSum(e) || isExpandedPower(e) ? e : e.kind === 'add' ? expandTerms([...e.terms, { expr: num(e.constant), coeff: Q.ONE }]) : expandOnce(e);
    m.expanded = r;
    memo(r).expanded = r;
    return r;
  },
  (u) => memo(u).expanded !== undefined,
);

function expandOnce(e: Expr, keep?: Kept): Expr {
  const memo = new Map<Expr, Poly>();
  const go: (u: Expr) => Poly = deepSafe(
    (u: Expr): Poly => {
      const hit = memo.get(u);
      if (hit) return hit;
      let r: Poly;
      switch (u.kind) {
        case 'num':
        case 'sym':
          r = single(u);
          break;
        case 'fn':
          r = single(fn(u.name, ...u.args.map(expand)));
          break;
        case 'add': {
          if (keep?.(u)) {
            r = single(u);
            break;
          }
          r = new Map([[ONE, u.constant]]);
          for (const t of u.terms) {
            for (const [m, c] of go(t.expr)) {
              const k = Q.mul(c, t.coeff);
              const prev = r.get(m);
              r.set(m, prev ? Q.add(prev, k) : k);
            }
          }
          break;
        }
        case 'mul': {
          if (keep === undefined ? isMonomial(u) : isPowerOf(u, (b) => isExpandedAtom(b) || (b.kind === 'add' && keep(b)))) {
            r = single(u);
            break;
          }
          r = new Map([[ONE, u.coeff]]);
          for (const f of u.factors) r = times(r, powerOf(f.base, f.exp));
          break;
        }
        case 'pow':
          r = powerOf(u.base, u.exp);
          break;
        default:
          return unreachable(u);
      }
      memo.set(u, r);
      return r;
    },
    (u) => memo.has(u),
  );
  const powerOf = (base: Expr, exp: Expr): Poly => {
    const b = go(base);
    if (exp.kind === 'num' && Q.isInteger(exp.value) && exp.value.n > 0 && b.size > 1) {
      let r = b;
      for (let i = 1; i < exp.value.n; i++) r = times(r, b);
      return r;
    }
    return single(pow(toExpr(new Map(b)), exp));
  };
  return toExpr(new Map(go(e)));
}
