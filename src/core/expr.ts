// Immutable symbolic expressions in canonical form.
//
// Invariants (kept by the smart constructors below, the only way to build a
// node; SymEngine states its own the same way in basic.h):
//  - Nodes are interned by structure: structurally equal ⇔ the same object,
//    so `===` is equality and shared subexpressions are shared objects.
//  - num: an exact rational.
//  - add: constant + Σ coeffᵢ·termᵢ with ≥ 1 term, every coeffᵢ ≠ 0, no term
//    a num or an add, no term a mul with coefficient ≠ 1; terms sorted by
//    `compare`, each distinct. A lone term with constant 0 and coeff 1 is
//    never an add.
//  - mul: coeff·Π baseᵢ^expᵢ with coeff ≠ 0, no exponent 0, no base a mul
//    under an integer exponent,
//    bases distinct and sorted; a num base only with a non-integer exponent;
//    never a single factor with coefficient 1 (that is a pow or the base).
//  - pow: base^exp with exp ∉ {0, 1}, base not a mul when exp is an integer.
//  - fn: sin, cos, … with parity folded (sin(−x) = −sin x, cos(−x) = cos x).
// Constructors do nothing beyond this canonical form: expansion and trig
// simplification are explicit passes (SymPy's most-cited regret is doing
// more in constructors).
import { MechanicsError } from '../errors.js';
import * as Q from './rational.js';
import type { Rational } from './rational.js';

export type FnName = 'sin' | 'cos' | 'tan' | 'exp' | 'log' | 'abs' | 'sign';
export const FN_NAMES: readonly FnName[] = ['sin', 'cos', 'tan', 'exp', 'log', 'abs', 'sign'];

export interface Num { readonly kind: 'num'; readonly id: number; readonly value: Rational }
export interface Sym { readonly kind: 'sym'; readonly id: number; readonly name: string }
export interface Term { readonly expr: Expr; readonly coeff: Rational }
export interface Add { readonly kind: 'add'; readonly id: number; readonly constant: Rational; readonly terms: readonly Term[] }
export interface Factor { readonly base: Expr; readonly exp: Expr }
export interface Mul { readonly kind: 'mul'; readonly id: number; readonly coeff: Rational; readonly factors: readonly Factor[] }
export interface Pow { readonly kind: 'pow'; readonly id: number; readonly base: Expr; readonly exp: Expr }
export interface Fn { readonly kind: 'fn'; readonly id: number; readonly name: FnName; readonly args: readonly Expr[] }

export type Expr = Num | Sym | Add | Mul | Pow | Fn;

/** Exhaustiveness check for `switch (e.kind)` in every pass. */
export function unreachable(x: never): never {
  throw new MechanicsError('internal', 'internal', `unhandled expression kind ${(x as { kind?: string }).kind}`);
}

// ---------------------------------------------------------------- interning
const table = new Map<string, Expr>();
let nextId = 0;

function intern<E extends Expr>(key: string, make: (id: number) => E): E {
  const hit = table.get(key);
  if (hit) return hit as E;
  const node = make(nextId++);
  Object.freeze(node);
  table.set(key, node);
  return node;
}

const rkey = (r: Rational): string => (r.d === 1 ? `${r.n}` : `${r.n}/${r.d}`);

// ---------------------------------------------------------------- atoms
export function num(value: Rational | number): Num {
  const v = typeof value === 'number' ? Q.ratFromNumber(value) : value;
  return intern(`n${rkey(v)}`, (id) => ({ kind: 'num', id, value: v }));
}

export function sym(name: string): Sym {
  return intern(`s${name}`, (id) => ({ kind: 'sym', id, name }));
}

export const ZERO = num(0);
export const ONE = num(1);
export const MINUS_ONE = num(-1);
export const TWO = num(2);
export const HALF = num(Q.HALF);

export const isNum = (e: Expr): e is Num => e.kind === 'num';
export const isZero = (e: Expr): boolean => e === ZERO;
export const isOne = (e: Expr): boolean => e === ONE;

// ---------------------------------------------------------------- ordering
/** Natural order of names: q2 < q10, then by text. */
export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  const ra = /^(.*?)(\d+)$/.exec(a);
  const rb = /^(.*?)(\d+)$/.exec(b);
  if (ra && rb && ra[1] === rb[1]) return Number(ra[2]) - Number(rb[2]);
  return a < b ? -1 : 1;
}

const RANK: Record<Expr['kind'], number> = { num: 0, sym: 1, fn: 2, pow: 3, mul: 4, add: 5 };

/**
 * Total structural order used for sorting terms and factors. It depends only
 * on structure, never on ids or creation order, so printing and generated
 * code are byte-for-byte reproducible.
 */
export function compare(a: Expr, b: Expr): number {
  if (a === b) return 0;
  const r = RANK[a.kind] - RANK[b.kind];
  if (r !== 0) return r;
  switch (a.kind) {
    case 'num':
      return Q.cmp(a.value, (b as Num).value);
    case 'sym':
      return compareNames(a.name, (b as Sym).name);
    case 'fn': {
      const f = b as Fn;
      if (a.name !== f.name) return a.name < f.name ? -1 : 1;
      return compareLists(a.args, f.args);
    }
    case 'pow': {
      const p = b as Pow;
      return compare(a.base, p.base) || compare(a.exp, p.exp);
    }
    case 'mul': {
      const m = b as Mul;
      const n = Math.min(a.factors.length, m.factors.length);
      for (let i = 0; i < n; i++) {
        const c = compare(a.factors[i]!.base, m.factors[i]!.base) || compare(a.factors[i]!.exp, m.factors[i]!.exp);
        if (c) return c;
      }
      return a.factors.length - m.factors.length || Q.cmp(a.coeff, m.coeff);
    }
    case 'add': {
      const s = b as Add;
      const n = Math.min(a.terms.length, s.terms.length);
      for (let i = 0; i < n; i++) {
        const c = compare(a.terms[i]!.expr, s.terms[i]!.expr) || Q.cmp(a.terms[i]!.coeff, s.terms[i]!.coeff);
        if (c) return c;
      }
      return a.terms.length - s.terms.length || Q.cmp(a.constant, s.constant);
    }
    default:
      return unreachable(a);
  }
}

function compareLists(a: readonly Expr[], b: readonly Expr[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compare(a[i]!, b[i]!);
    if (c) return c;
  }
  return a.length - b.length;
}

// ---------------------------------------------------------------- add
/** Split e into (coefficient, rest) with rest a canonical add term. */
export function splitCoeff(e: Expr): [Rational, Expr] {
  if (e.kind === 'num') return [e.value, ONE];
  if (e.kind === 'mul' && !Q.isOne(e.coeff)) return [e.coeff, makeMul(Q.ONE, e.factors)];
  return [Q.ONE, e];
}

/** Σ args, in canonical form. */
export function add(...args: readonly Expr[]): Expr {
  if (args.length === 1) return args[0]!;
  let constant = Q.ZERO;
  const acc = new Map<Expr, Rational>();
  const put = (expr: Expr, c: Rational): void => {
    const prev = acc.get(expr);
    acc.set(expr, prev ? Q.add(prev, c) : c);
  };
  for (const a of args) {
    if (a.kind === 'num') constant = Q.add(constant, a.value);
    else if (a.kind === 'add') {
      constant = Q.add(constant, a.constant);
      for (const t of a.terms) put(t.expr, t.coeff);
    } else if (a.kind === 'mul' && !Q.isOne(a.coeff)) put(makeMul(Q.ONE, a.factors), a.coeff);
    else put(a, Q.ONE);
  }
  return addFromTerms(constant, acc);
}

/** Build an add from already-canonical term expressions and coefficients. */
export function addFromTerms(constant: Rational, acc: ReadonlyMap<Expr, Rational>): Expr {
  const terms: Term[] = [];
  for (const [expr, coeff] of acc) if (!Q.isZero(coeff)) terms.push({ expr, coeff });
  if (terms.length === 0) return num(constant);
  if (terms.length === 1 && Q.isZero(constant)) return scale(terms[0]!.expr, terms[0]!.coeff);
  terms.sort((x, y) => compare(x.expr, y.expr));
  let key = `a${rkey(constant)}`;
  for (const t of terms) key += `|${t.expr.id}:${rkey(t.coeff)}`;
  return intern(key, (id) => ({ kind: 'add', id, constant, terms }));
}

/** c·e for a rational c. */
export function scale(e: Expr, c: Rational): Expr {
  if (Q.isOne(c)) return e;
  if (Q.isZero(c)) return ZERO;
  switch (e.kind) {
    case 'num':
      return num(Q.mul(e.value, c));
    case 'mul':
      return makeMul(Q.mul(e.coeff, c), e.factors);
    case 'add': {
      // Keep sums unexpanded under a coefficient except to flip a sign, so
      // that −(a+b) and (−a−b) have one form.
      if (Q.isNegative(c) && Q.isOne(Q.neg(c))) {
        const acc = new Map<Expr, Rational>();
        for (const t of e.terms) acc.set(t.expr, Q.neg(t.coeff));
        return addFromTerms(Q.neg(e.constant), acc);
      }
      return makeMul(c, [{ base: e, exp: ONE }]);
    }
    default:
      return makeMul(c, [{ base: e, exp: ONE }]);
  }
}

export const neg = (e: Expr): Expr => scale(e, Q.MINUS_ONE);
export const sub = (a: Expr, b: Expr): Expr => add(a, neg(b));

// ---------------------------------------------------------------- mul
function makeMul(coeff: Rational, factors: readonly Factor[]): Expr {
  if (Q.isZero(coeff)) return ZERO;
  if (factors.length === 0) return num(coeff);
  if (factors.length === 1 && Q.isOne(coeff)) return makePow(factors[0]!.base, factors[0]!.exp);
  let key = `m${rkey(coeff)}`;
  for (const f of factors) key += `|${f.base.id}^${f.exp.id}`;
  return intern(key, (id) => ({ kind: 'mul', id, coeff, factors }));
}

/** Π args, in canonical form. */
export function mul(...args: readonly Expr[]): Expr {
  if (args.length === 1) return args[0]!;
  if (args.length === 2) {
    const [a, b] = args as [Expr, Expr];
    if (a.kind === 'num') return scale(b, a.value);
    if (b.kind === 'num') return scale(a, b.value);
  }
  let coeff = Q.ONE;
  const acc = new Map<Expr, Expr[]>();
  const put = (base: Expr, exp: Expr): void => {
    const prev = acc.get(base);
    if (prev) prev.push(exp);
    else acc.set(base, [exp]);
  };
  for (const a of args) {
    switch (a.kind) {
      case 'num':
        coeff = Q.mul(coeff, a.value);
        break;
      case 'mul':
        coeff = Q.mul(coeff, a.coeff);
        for (const f of a.factors) put(f.base, f.exp);
        break;
      case 'pow':
        put(a.base, a.exp);
        break;
      default:
        put(a, ONE);
    }
  }
  if (Q.isZero(coeff)) return ZERO;
  const factors: Factor[] = [];
  for (const [base, exps] of acc) {
    const exp = exps.length === 1 ? exps[0]! : add(...exps);
    if (exp === ZERO) continue;
    // A combined power may fold: x^a·x^b with a+b integer over a num base, or
    // a product that became a number (2^(1/2)·2^(1/2) = 2).
    const p = exps.length === 1 ? null : pow(base, exp);
    if (p && p.kind === 'num') coeff = Q.mul(coeff, p.value);
    else if (p && p.kind === 'mul') {
      coeff = Q.mul(coeff, p.coeff);
      factors.push(...p.factors);
    } else if (base.kind === 'num' && exp.kind === 'num') {
      const v = Q.powRational(base.value, exp.value);
      if (v) coeff = Q.mul(coeff, v);
      else factors.push({ base, exp });
    } else factors.push({ base, exp });
  }
  factors.sort((x, y) => compare(x.base, y.base) || compare(x.exp, y.exp));
  return makeMul(coeff, mergeDuplicateBases(factors));
}

// Bases are distinct after the map above unless a folded power reintroduced
// one (rare); merge so the invariant holds.
function mergeDuplicateBases(factors: Factor[]): Factor[] {
  for (let i = 1; i < factors.length; i++) {
    if (factors[i]!.base === factors[i - 1]!.base) {
      const out: Factor[] = [];
      for (const f of factors) {
        const last = out[out.length - 1];
        if (last && last.base === f.base) out[out.length - 1] = { base: f.base, exp: add(last.exp, f.exp) };
        else out.push(f);
      }
      return out.filter((f) => f.exp !== ZERO);
    }
  }
  return factors;
}

export const div = (a: Expr, b: Expr): Expr => mul(a, pow(b, MINUS_ONE));

// ---------------------------------------------------------------- pow
function makePow(base: Expr, exp: Expr): Expr {
  if (exp === ONE) return base;
  if (exp === ZERO) return ONE;
  return intern(`p${base.id}^${exp.id}`, (id) => ({ kind: 'pow', id, base, exp }));
}

/** base^exp, in canonical form. */
export function pow(base: Expr, exp: Expr | number): Expr {
  const e = typeof exp === 'number' ? num(exp) : exp;
  if (e === ZERO) return ONE;
  if (e === ONE) return base;
  if (base === ONE) return ONE;
  if (e.kind === 'num') {
    const k = e.value;
    if (base.kind === 'num') {
      if (Q.isZero(base.value) && Q.isNegative(k)) {
        throw new MechanicsError('division-by-zero', 'input', 'division by zero (0 raised to a negative power)');
      }
      const v = Q.powRational(base.value, k);
      if (v) return num(v);
      return makePow(base, e);
    }
    if (base.kind === 'pow' && Q.isInteger(k)) {
      return pow(base.base, mul(base.exp, e));
    }
    if (base.kind === 'mul' && Q.isInteger(k)) {
      return mul(num(Q.powInt(base.coeff, k.n)), ...base.factors.map((f) => pow(f.base, mul(f.exp, e))));
    }
  }
  return makePow(base, e);
}

export const sqrt = (e: Expr): Expr => pow(e, HALF);

// ---------------------------------------------------------------- functions
/** True when e is "negative-looking": leading coefficient < 0. */
export function hasNegativeSign(e: Expr): boolean {
  switch (e.kind) {
    case 'num':
      return Q.isNegative(e.value);
    case 'mul':
      return Q.isNegative(e.coeff);
    case 'add':
      return Q.isNegative(e.terms[0]!.coeff);
    default:
      return false;
  }
}

export function fn(name: FnName, ...args: Expr[]): Expr {
  const [x] = args as [Expr];
  switch (name) {
    case 'sin':
    case 'tan':
      if (x === ZERO) return ZERO;
      if (hasNegativeSign(x)) return neg(fn(name, neg(x)));
      break;
    case 'cos':
      if (x === ZERO) return ONE;
      if (hasNegativeSign(x)) return fn('cos', neg(x));
      break;
    case 'exp':
      if (x === ZERO) return ONE;
      if (x.kind === 'fn' && x.name === 'log') return x.args[0]!;
      break;
    case 'log':
      if (x === ONE) return ZERO;
      if (x.kind === 'fn' && x.name === 'exp') return x.args[0]!;
      break;
    case 'abs':
      if (x.kind === 'num') return num(Q.abs(x.value));
      if (hasNegativeSign(x)) return fn('abs', neg(x));
      break;
    case 'sign':
      if (x.kind === 'num') return num(Math.sign(x.value.n));
      if (hasNegativeSign(x)) return neg(fn('sign', neg(x)));
      break;
    default:
      return unreachable(name);
  }
  let key = `f${name}`;
  for (const a of args) key += `,${a.id}`;
  return intern(key, (id) => ({ kind: 'fn', id, name, args }));
}

export const sin = (x: Expr): Expr => fn('sin', x);
export const cos = (x: Expr): Expr => fn('cos', x);

// ---------------------------------------------------------------- queries
const symbolCache: (ReadonlySet<string> | undefined)[] = [];
const EMPTY: ReadonlySet<string> = new Set();

/** Names of the free symbols of e (cached per node). */
export function freeSymbols(e: Expr): ReadonlySet<string> {
  const hit = symbolCache[e.id];
  if (hit) return hit;
  let out: ReadonlySet<string>;
  switch (e.kind) {
    case 'num':
      out = EMPTY;
      break;
    case 'sym':
      out = new Set([e.name]);
      break;
    default: {
      const s = new Set<string>();
      for (const c of children(e)) for (const n of freeSymbols(c)) s.add(n);
      out = s;
    }
  }
  symbolCache[e.id] = out;
  return out;
}

export function dependsOn(e: Expr, name: string): boolean {
  return freeSymbols(e).has(name);
}

/** Direct subexpressions of e (terms, factor bases and exponents, arguments). */
export function children(e: Expr): Expr[] {
  switch (e.kind) {
    case 'num':
    case 'sym':
      return [];
    case 'add':
      return e.terms.map((t) => t.expr);
    case 'mul':
      return e.factors.flatMap((f) => (f.exp.kind === 'num' ? [f.base] : [f.base, f.exp]));
    case 'pow':
      return [e.base, e.exp];
    case 'fn':
      return [...e.args];
    default:
      return unreachable(e);
  }
}

/** The terms of e as expressions (e itself when it is not a sum). */
export function termsOf(e: Expr): Expr[] {
  if (e.kind !== 'add') return [e];
  const out = e.terms.map((t) => scale(t.expr, t.coeff));
  if (!Q.isZero(e.constant)) out.unshift(num(e.constant));
  return out;
}

/** The factors of e as expressions, coefficient first when ≠ 1. */
export function factorsOf(e: Expr): Expr[] {
  if (e.kind === 'mul') {
    const out = e.factors.map((f) => makePow(f.base, f.exp));
    if (!Q.isOne(e.coeff)) out.unshift(num(e.coeff));
    return out;
  }
  return [e];
}

export function numericValue(e: Expr): number | undefined {
  return e.kind === 'num' ? Q.toNumber(e.value) : undefined;
}
