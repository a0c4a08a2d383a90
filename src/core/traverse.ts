// The two shapes every rewriting pass shares: a memoized recursion over the
// DAG (shared subexpressions visited once), and rebuilding a node through
// the smart constructors from rewritten children.
import * as Q from './rational.js';
import type { Rational } from './rational.js';
import {
  addAll,
  addFromTerms,
  compare,
  DEEP,
  fn,
  makeFactor,
  makeMul,
  mulAll,
  num,
  postOrder,
  pow,
  unreachable,
  ZERO,
  type Add,
  type Expr,
  type Factor,
  type Mul,
  type Term,
} from './expr.js';

/**
 * A recursive pass made safe for expressions deeper than the call stack.
 * `step(u)` computes u, calling the returned function on subexpressions,
 * and answers at once for a node that is `done` (its result is known). When
 * the nesting reaches DEEP, the subexpressions of the node are first
 * computed children-first by an explicit stack (postOrder), each of them at
 * a nesting of one or two: the recursion below a node never goes deeper
 * than DEEP + 2, whatever the depth of the expression.
 */
export function deepSafe<T>(step: (u: Expr) => T, done: (u: Expr) => boolean): (u: Expr) => T {
  let depth = 0;
  const go = (u: Expr): T => {
    if (depth >= DEEP && !done(u)) {
      const outer = depth;
      depth = 0;
      try {
        for (const v of postOrder(u, done)) if (v !== u) go(v);
      } finally {
        depth = outer;
      }
    }
    depth++;
    try {
      return step(u);
    } finally {
      depth--;
    }
  };
  return go;
}

/** A recursive pass memoized per call: `visit(u, go)` handles u, calling `go` on subexpressions. */
export function memoPass<T>(visit: (u: Expr, go: (c: Expr) => T) => T): (e: Expr) => T {
  const memo = new Map<Expr, T>();
  const go: (u: Expr) => T = deepSafe(
    (u) => {
      if (memo.has(u)) return memo.get(u)!;
      const r = visit(u, go);
      memo.set(u, r);
      return r;
    },
    (u) => memo.has(u),
  );
  return go;
}

/**
 * u rebuilt with f applied to every direct subexpression (terms, bases,
 * exponents, arguments). When f changes none of them, u itself: a canonical
 * node rebuilt from its own children is the same node, and most nodes a
 * pass visits are left alone (rebuilding them was a third of simplifyTrig).
 * f sees a sum's terms in order, a product's bases and then its exponents.
 */
export function mapChildren(u: Expr, f: (c: Expr) => Expr): Expr {
  switch (u.kind) {
    case 'num':
    case 'sym':
      return u;
    case 'add': {
      const xs = mapOrSame(u.terms, termExpr, f);
      return xs ? sumOver(u, xs) : u;
    }
    case 'mul': {
      const bs = mapOrSame(u.factors, factorBase, f);
      const es = mapOrSame(u.factors, factorExp, f);
      if (!bs && !es) return u;
      return productOver(u, bs ?? u.factors.map(factorBase), es ?? u.factors.map(factorExp));
    }
    case 'pow': {
      const b = f(u.base);
      const x = f(u.exp);
      return b === u.base && x === u.exp ? u : pow(b, x);
    }
    case 'fn': {
      const as = u.args.map(f);
      return as.every((a, i) => a === u.args[i]) ? u : fn(u.name, ...as);
    }
    default:
      return unreachable(u);
  }
}

const termExpr = (t: Term): Expr => t.expr;
const factorBase = (fc: Factor): Expr => fc.base;
const factorExp = (fc: Factor): Expr => fc.exp;

/** f of each item's child, in order; undefined when f gives back every child itself (no list made for a node left alone). */
export function mapOrSame<T>(items: readonly T[], child: (t: T) => Expr, f: (c: Expr) => Expr): Expr[] | undefined {
  let out: Expr[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const c = child(items[i]!);
    const x = f(c);
    if (out) out.push(x);
    else if (x !== c) {
      out = [];
      for (let k = 0; k < i; k++) out.push(child(items[k]!));
      out.push(x);
    }
  }
  return out;
}

// Rebuilding a sum or product through addFromTerms or makeMul directly
// where the new children need no merging: the general path (a number node
// per term, then addAll's or mulAll's merge) was two thirds of codegen's
// angle-sum expansion, which rebuilds every node above a sine or cosine of
// an angle sum, and ≈ 300 rebuilds of printing a block's shared parts in
// place at n = 10 (src/core/cse.ts, printedForms). Both give the canonical
// node of the same value, so the node itself is the same.

/** A node that is a sum's term as it is (coefficient 1 of its own, not a number or a sum to flatten). */
const isPlainTerm = (x: Expr): boolean => x.kind === 'sym' || x.kind === 'fn' || x.kind === 'pow' || (x.kind === 'mul' && Q.isOne(x.coeff));

/** u's constant + Σ u's coefficients · xs: u with new terms. */
export function sumOver(u: Add, xs: readonly Expr[]): Expr {
  const acc = new Map<Expr, Rational>();
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    if (x !== u.terms[i]!.expr && !isPlainTerm(x)) break;
    acc.set(x, u.terms[i]!.coeff);
  }
  // A term that became a number, a sum, a product with a coefficient or an earlier term's node merges.
  if (acc.size === xs.length) return addFromTerms(u.constant, acc);
  return addAll([num(u.constant), ...xs.map((x, i) => mulAll([num(u.terms[i]!.coeff), x]))]);
}

/** u's coefficient · Π bsᵢ^esᵢ: u with new bases and exponents. */
export function productOver(u: Mul, bs: readonly Expr[], es: readonly Expr[]): Expr {
  // The factors left alone keep their order; only the changed ones are sorted
  // and merged in (sorting every list was a sixth of angle-sum expansion at n = 10).
  const kept: Factor[] = [];
  const moved: Factor[] = [];
  for (let i = 0; i < bs.length; i++) {
    const fc = u.factors[i]!;
    const b = bs[i]!;
    const e = es[i]!;
    if (b === fc.base && e === fc.exp) kept.push(fc);
    // A number exponent on a base that cannot fold with it (a number, product or power base may).
    else if (e.kind === 'num' && e !== ZERO && (b.kind === 'sym' || b.kind === 'fn' || b.kind === 'add')) moved.push(makeFactor(b, e));
    else return generalProduct(u, bs, es);
  }
  if (moved.length > 1) moved.sort((x, y) => compare(x.base, y.base));
  const factors = mergeByBase(kept, moved);
  // Two factors over one base multiply into one.
  return factors ? makeMul(u.coeff, factors) : generalProduct(u, bs, es);
}

/** Two factor lists sorted by base, merged in order; undefined where two factors have one base (they multiply: mulAll's work). */
function mergeByBase(a: readonly Factor[], b: readonly Factor[]): Factor[] | undefined {
  const out: Factor[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const c = compare(a[i]!.base, b[j]!.base);
    if (c === 0) return undefined;
    out.push(c < 0 ? a[i++]! : b[j++]!);
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  for (let k = 1; k < out.length; k++) if (out[k]!.base === out[k - 1]!.base) return undefined;
  return out;
}

const generalProduct = (u: Mul, bs: readonly Expr[], es: readonly Expr[]): Expr => mulAll([num(u.coeff), ...bs.map((b, i) => pow(b, es[i]!))]);
