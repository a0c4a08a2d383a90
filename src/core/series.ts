// The asymptotic expansion of an expression as one of its symbols grows,
// to a stated remainder o(N^r): kozlov1988 (4.5), Lyapunov's bound
// 4/(P∫p dt) = g/v² − πg²v⁻³N^{−1/2} + o(N^{−1/2}), from the period with its
// arccos(g/√(g² + Nv²)). With N = ε⁻² (limit.ts inEpsilon) the expression
// is expanded in ε = N^{−1/2} at 0
// bottom up, as truncated power series: sums and products term by term,
// powers by the binomial series about the leading term (c ε^v)^r(1 + u)^r,
// functions by their Taylor series about the argument's value at ε = 0,
// with the kernel's derivatives there (acos(x) = π/2 − x − … at 0).
// Each series knows the order up to which it is exact: a product with a
// factor of negative order loses terms of the other, and the expansion is
// retried with more terms until the order asked for is exact. Anything not
// so expandable — ε in an exponent, a function of an argument that grows
// (cos √N t), a function singular at its argument's value (acos at 1, abs
// at 0), a power of a series that vanishes — gives undefined, never a
// guess.
// Tests: test/core/series.test.ts
import * as Q from './rational.js';
import type { Rational } from './rational.js';
import { add, dependsOn, fn, mul, num, ONE, pow, sym, ZERO, type Expr, type FnName } from './expr.js';
import { provenPositive } from './radicals.js';
import { diff } from './diff.js';
import { subs } from './subs.js';
import { simplify } from './trig.js';
import { inEpsilon } from './limit.js';
import { MechanicsError } from '../errors.js';

/** Terms c_j ε^j for j = low … top (c[j − low]), exact up to ε^top; no terms (low > top): O(ε^{top+1}). */
interface Series {
  readonly low: number;
  readonly top: number;
  readonly c: readonly Expr[];
}

/** Attempts with more terms where negative orders ate the precision asked for. */
const RETRIES = 4;

/**
 * The terms of e's expansion as `name` → +∞ that are not o(name^order), in
 * powers of name^{−1/2}, or undefined where e is not so
 * expandable. `positive` vouches for symbols that are positive (the leading
 * coefficient's root: √(v²) = v).
 */
export function asymptoticExpansion(e: Expr, name: string, order: Rational, positive: (s: Expr) => boolean = () => false): Expr | undefined {
  if (!dependsOn(e, name)) return e;
  const eps = sym(`${name}⁻¹ᐟᵏ`);
  const { expr, k } = inEpsilon(e, name, eps, 2);
  // Keep ε^j for j ≤ K: name^{−j/k} is not o(name^order).
  const K = Math.floor(-Q.toNumber(order) * k);
  for (let attempt = 0, limit = K; attempt < RETRIES; attempt++) {
    const s = expandTo(expr, eps.name, limit, positive);
    if (s === undefined) return undefined;
    if (s !== SHORT && s.top >= K) {
      const terms = s.c.flatMap((c, i) => (s.low + i <= K ? [mul(c, pow(sym(name), num(Q.rat(-(s.low + i), k))))] : []));
      return simplify(add(...terms));
    }
    limit += Math.max(2, K - (s === SHORT ? K : s.top));
  }
  return undefined;
}

/** Thrown where a series has too few terms to go on (a power of one whose terms are all beyond the limit): expanded again with more. */
const SHORT = Symbol('short');

function expandTo(e: Expr, eps: string, limit: number, positive: (s: Expr) => boolean): Series | undefined | typeof SHORT {
  try {
    return new Expansion(eps, limit, positive).of(e);
  } catch (err) {
    if (err === SHORT) return SHORT;
    throw err;
  }
}

class Expansion {
  private readonly memo = new Map<Expr, Series | undefined>();
  constructor(
    private readonly eps: string,
    /** The highest power of ε kept. */
    private readonly limit: number,
    private readonly positive: (s: Expr) => boolean,
  ) {}

  of(e: Expr): Series | undefined {
    if (this.memo.has(e)) return this.memo.get(e);
    const s = this.expand(e);
    this.memo.set(e, s);
    return s;
  }

  private expand(e: Expr): Series | undefined {
    if (!dependsOn(e, this.eps)) return this.series(0, this.limit, [e]);
    switch (e.kind) {
      case 'sym':
        return this.series(1, this.limit, [ONE]);
      case 'add': {
        let s: Series | undefined = this.series(0, this.limit, [num(e.constant)]);
        for (const t of e.terms) {
          const term = this.of(t.expr);
          s = term && s && this.sum(s, this.scaled(term, num(t.coeff)));
        }
        return s;
      }
      case 'mul': {
        let s: Series | undefined = this.series(0, this.limit, [num(e.coeff)]);
        for (const f of e.factors) {
          const factor = this.power(f.base, f.exp);
          s = factor && s && this.product(s, factor);
        }
        return s;
      }
      case 'pow':
        return this.power(e.base, e.exp);
      case 'fn':
        return e.args.length === 1 ? this.function(e.name, e.args[0]!) : undefined;
    }
    return undefined;
  }

  /** Terms from `low` on, zeros stripped (a coefficient simplifying to 0), none above `top` or the limit. */
  private series(low: number, top: number, c: readonly Expr[]): Series {
    const last = Math.min(top, this.limit);
    const kept = c.slice(0, Math.max(0, last - low + 1)).map(simplify);
    const lead = kept.findIndex((x) => x !== ZERO);
    return lead < 0 ? { low: last + 1, top: last, c: [] } : { low: low + lead, top: last, c: kept.slice(lead) };
  }

  private at(s: Series, j: number): Expr {
    return s.c[j - s.low] ?? ZERO;
  }

  private scaled(s: Series, x: Expr): Series {
    return { ...s, c: s.c.map((c) => mul(x, c)) };
  }

  private sum(a: Series, b: Series): Series {
    const [low, top] = [Math.min(a.low, b.low), Math.min(a.top, b.top)];
    return this.series(
      low,
      top,
      Array.from({ length: Math.max(0, top - low + 1) }, (_, i) => add(this.at(a, low + i), this.at(b, low + i))),
    );
  }

  private product(a: Series, b: Series): Series {
    const low = a.low + b.low;
    const top = Math.min(a.top + b.low, b.top + a.low);
    return this.series(
      low,
      top,
      // The coefficient of ε^(low + i): Σ a_(a.low + m) b_(b.low + i − m).
      Array.from({ length: Math.max(0, top - low + 1) }, (_, i) => add(...a.c.flatMap((x, m) => (i >= m && i - m < b.c.length ? [mul(x, b.c[i - m]!)] : [])))),
    );
  }

  /** base^exp for a rational exponent: the binomial series of (c ε^v)^r (1 + u)^r, v·r an integer. */
  private power(base: Expr, exp: Expr): Series | undefined {
    if (exp.kind !== 'num') return dependsOn(exp, this.eps) ? undefined : this.function('exp', mul(exp, fn('log', base)));
    const a = this.of(base);
    const r = exp.value;
    if (!a) return undefined;
    if (a.c.length === 0) throw SHORT;
    const vr = Q.mul(Q.rat(a.low), r);
    if (!Q.isInteger(vr)) return undefined;
    const lead = a.c[0]!;
    // u = a/(c ε^v) − 1, exact up to its order a.top − v.
    const u: Series = this.series(
      1,
      a.top - a.low,
      a.c.slice(1).map((x) => mul(x, pow(lead, -1))),
    );
    const ones = Array.from({ length: Math.max(0, u.top) + 1 }, (_, j) => binomial(r, j));
    const power = this.composed(u, ones);
    const c = positivePower(lead, r, this.positive);
    return this.series(
      vr.n + power.low,
      vr.n + power.top,
      power.c.map((x) => mul(c, x)),
    );
  }

  /** f(a) = Σ f⁽ʲ⁾(a₀)/j! (a − a₀)ʲ for an argument bounded at ε = 0; undefined where f is singular at a₀. */
  private function(name: FnName, arg: Expr): Series | undefined {
    const a = this.of(arg);
    if (a?.c.length === 0 && a.top < -1) throw SHORT;
    if (!a || a.low < 0 || name === 'abs' || name === 'sign') return undefined;
    const a0 = this.at(a, 0);
    if (name === 'log' && a0 === ZERO) return undefined;
    const u = a.low === 0 ? this.series(1, a.top, a.c.slice(1)) : a;
    const x = sym(`${this.eps}ˣ`);
    let d = fn(name, x);
    const coefficients: Expr[] = [];
    for (let j = 0, factorial = 1; j <= Math.max(0, u.top); j++, factorial *= Math.max(1, j)) {
      let value: Expr;
      try {
        value = j === 0 ? valueAt(name, a0) : simplify(subs(d, new Map([[x.name, a0]])));
      } catch (err) {
        // 0 to a negative power: the derivative is infinite at a₀ (acos′ at 1).
        if (err instanceof MechanicsError && err.code === 'division-by-zero') return undefined;
        throw err;
      }
      coefficients.push(mul(value, num(Q.rat(1, factorial))));
      d = diff(d, x.name);
    }
    return this.composed(u, coefficients);
  }

  /** Σ c_j uʲ for u = O(ε): exact up to u's order. */
  private composed(u: Series, c: readonly Expr[]): Series {
    let sum = this.series(0, u.top, [c[0] ?? ZERO]);
    let uj: Series = this.series(0, u.top, [ONE]);
    for (let j = 1; j < c.length; j++) {
      uj = this.product(uj, u);
      if (uj.low > u.top) break;
      sum = this.sum(sum, this.scaled(uj, c[j]!));
    }
    return { ...sum, top: Math.min(sum.top, u.top) };
  }
}

/** The binomial coefficient (r choose j) of a rational r. */
function binomial(r: Rational, j: number): Expr {
  let c = Q.ONE;
  for (let i = 0; i < j; i++) c = Q.div(Q.mul(c, Q.sub(r, Q.rat(i))), Q.rat(i + 1));
  return num(c);
}

/** x^r, a root of a product of positive bases taken factor by factor: (v²)^{−1/2} = v⁻¹ for v > 0. */
function positivePower(x: Expr, r: Rational, positive: (s: Expr) => boolean): Expr {
  const e = num(r);
  if (Q.isInteger(r) || !provenPositive(x, positive)) return pow(x, e);
  if (x.kind === 'pow') return pow(x.base, mul(x.exp, e));
  if (x.kind === 'mul') return mul(pow(num(x.coeff), e), ...x.factors.map((f) => pow(f.base, mul(f.exp, e))));
  return pow(x, e);
}

/** Values the kernel leaves unevaluated, at the numbers an expansion meets (acos 0 = π/2). */
const VALUES: Partial<Record<FnName, Readonly<Record<string, Expr>>>> = (() => {
  const pi = sym('pi');
  const times = (n: number, d: number): Expr => mul(num(Q.rat(n, d)), pi);
  return {
    acos: { '0': times(1, 2), '1': ZERO, '-1': pi, '1/2': times(1, 3), '-1/2': times(2, 3) },
    asin: { '0': ZERO, '1': times(1, 2), '-1': times(-1, 2), '1/2': times(1, 6), '-1/2': times(-1, 6) },
    tan: { '0': ZERO },
    atan: { '0': ZERO, '1': times(1, 4), '-1': times(-1, 4) },
    exp: { '0': ONE },
    log: { '1': ZERO },
  };
})();

function valueAt(name: FnName, x: Expr): Expr {
  return (x.kind === 'num' ? VALUES[name]?.[Q.toString(x.value)] : undefined) ?? simplify(fn(name, x));
}
