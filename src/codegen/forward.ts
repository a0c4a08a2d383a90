// Forward-mode differentiation at codegen time: every node of an
// expression's DAG becomes a value of straight-line code (straight-line.ts)
// with its tangent, one value per direction of the state x = (q, q̇), by
// the chain rule node by node (for v = f(a, b): v̇ = f_a·ȧ + f_b·ḃ). A
// tangent known to be zero is the number 0 and costs nothing: M(q) has no
// tangent along q̇, a node free of qₖ none along qₖ. The derivatives are
// exact (no step, no truncation) and the code grows with the DAG, not with
// the size of its simplified symbolic derivatives.
// Tests: test/codegen/jacobian-forward.test.ts.
import { fn, literalValue, mul, num, pow, sub, unreachable, type Expr, type FnName, type Sym } from '../core/expr.js';
import * as Q from '../core/rational.js';
import type { KernelInputs } from './ir.js';
import { ARGS, type Product, type Program, type Val } from './straight-line.js';

/** A value and its tangent along each direction (0 where known to vanish). */
export interface Dual {
  readonly v: Val;
  readonly d: readonly Val[];
}

const [X, Y] = ARGS as [Sym, Sym];

/** f′ as a kernel expression in X, for the functions without a cheaper rule below. */
const DERIVATIVES: Partial<Record<FnName, Expr>> = {
  asin: pow(sub(num(1), mul(X, X)), num(Q.rat(-1, 2))),
  acos: mul(num(-1), pow(sub(num(1), mul(X, X)), num(Q.rat(-1, 2)))),
  abs: fn('sign', X),
};

/**
 * The duals of expressions in the symbols of `inputs`, directions
 * `directions` (symbol name → its direction index: a coordinate's and a
 * velocity's), every other input constant.
 */
export class Forward {
  private readonly memo = new Map<Expr, Dual>();
  private readonly zero: readonly Val[];

  constructor(
    private readonly program: Program,
    private readonly inputs: KernelInputs,
    private readonly directions: ReadonlyMap<string, number>,
    width: number,
  ) {
    this.zero = new Array<Val>(width).fill(0);
  }

  /** e's dual, its DAG walked once across calls. */
  of(e: Expr): Dual {
    const known = this.memo.get(e);
    if (known) return known;
    // Children first, without recursion (the bicycle's DAGs are deep).
    const stack: [Expr, boolean][] = [[e, false]];
    while (stack.length) {
      const [u, ready] = stack.pop()!;
      if (this.memo.has(u)) continue;
      if (ready) {
        this.memo.set(u, this.node(u));
        continue;
      }
      stack.push([u, true]);
      for (const c of operandsOf(u)) if (!this.memo.has(c)) stack.push([c, false]);
    }
    return this.memo.get(e)!;
  }

  private get = (e: Expr): Dual => this.memo.get(e)!;

  private constant = (v: Val): Dual => ({ v, d: this.zero });

  private node(u: Expr): Dual {
    const p = this.program;
    switch (u.kind) {
      case 'num':
        return this.constant(Q.toNumber(u.value));
      case 'sym':
        return this.symbol(u);
      case 'add': {
        const values: Product[] = [[Q.toNumber(u.constant)]];
        // Per direction, the terms whose tangent there is not known to vanish.
        const tangents: Product[][] = this.zero.map(() => []);
        for (const t of u.terms) {
          const c = Q.toNumber(t.coeff);
          const x = this.get(t.expr);
          values.push([c, x.v]);
          x.d.forEach((dx, k) => {
            if (dx !== 0) tangents[k]!.push([c, dx]);
          });
        }
        return { v: p.sum(...values), d: tangents.map((ts) => (ts.length ? p.sum(...ts) : 0)) };
      }
      case 'mul':
        return this.product(
          Q.toNumber(u.coeff),
          u.factors.map((f) => this.power(f.base, f.exp)),
        );
      case 'pow':
        return this.power(u.base, u.exp);
      case 'fn':
        return this.call(u.name, this.get(u.args[0]!));
      default:
        return unreachable(u);
    }
  }

  private symbol(u: Expr & { kind: 'sym' }): Dual {
    const literal = literalValue(u);
    if (literal !== undefined) return this.constant(literal);
    if (u.name === 'pi') return this.constant(Math.PI);
    const input = this.inputs.get(u.name);
    if (!input) throw new Error(`internal: symbol '${u.name}' has no input binding in generated code`);
    const v = this.program.read(input.read);
    const k = this.directions.get(u.name);
    return { v, d: k === undefined ? this.zero : this.zero.map((_, j) => (j === k ? 1 : 0)) };
  }

  /** v̇ = v′(a)·ȧ along each direction where ȧ is not known to vanish; v′ made only if needed. */
  private chain(v: Val, a: Dual, derivative: () => Val): Dual {
    if (a.d.every((x) => x === 0)) return this.constant(v);
    const dv = derivative();
    return { v, d: a.d.map((x) => this.program.mul(dv, x)) };
  }

  /**
   * c·Π pᵢ, its tangent Σᵢ ṗᵢ·(c·Π_{j≠i} pⱼ) over the factors that have
   * one (few in a term of a forcing: a velocity or two, a sine): each
   * cofactor one product, made once for every direction.
   */
  private product(c: number, factors: readonly Dual[]): Dual {
    const p = this.program;
    const varying = factors.flatMap((f, i) => (f.d.some((x) => x !== 0) ? [i] : []));
    const v = p.mul(c, ...factors.map((f) => f.v));
    if (varying.length === 0) return this.constant(v);
    const cofactors = varying.map((i) => p.mul(c, ...factors.flatMap((f, j) => (j === i ? [] : [f.v]))));
    return {
      v,
      d: this.zero.map((_, k) => {
        const terms = varying.flatMap((i, r): Product[] => (factors[i]!.d[k] === 0 ? [] : [[cofactors[r]!, factors[i]!.d[k]!]]));
        return terms.length ? p.sum(...terms) : 0;
      }),
    };
  }

  /** base^exp: integer powers as products (of 1/base when negative), others as the language's power. */
  private power(base: Expr, exp: Expr): Dual {
    const p = this.program;
    const b = this.get(base);
    if (exp.kind !== 'num') {
      // b^w: ∂/∂b = w·b^(w−1), ∂/∂w = b^w·log b.
      const w = this.get(exp);
      const v = p.apply(pow(X, Y), b.v, w.v);
      const db = b.d.some((x) => x !== 0) ? p.apply(mul(Y, pow(X, sub(Y, num(1)))), b.v, w.v) : 0;
      const dw = w.d.some((x) => x !== 0) ? p.mul(v, p.apply(fn('log', X), b.v)) : 0;
      return { v, d: this.zero.map((_, k) => p.sum([db, b.d[k]!], [dw, w.d[k]!])) };
    }
    const r = exp.value;
    if (Q.isInteger(r)) {
      const k = Q.toNumber(r);
      const unit = k < 0 ? p.recip(b.v) : b.v;
      const copies = (j: number): Val[] => new Array<Val>(j).fill(unit);
      const a = Math.abs(k);
      // (1/b)^a has derivative −a·(1/b)^(a+1).
      return this.chain(p.mul(...copies(a)), b, () => (k < 0 ? p.mul(k, ...copies(a + 1)) : p.mul(k, ...copies(a - 1))));
    }
    const e = Q.toNumber(r);
    return this.chain(p.apply(pow(X, exp), b.v), b, () => p.apply(mul(num(e), pow(X, num(Q.sub(r, Q.ONE)))), b.v));
  }

  private call(name: FnName, a: Dual): Dual {
    const p = this.program;
    switch (name) {
      case 'sin':
        return this.chain(p.fn('sin', a.v), a, () => p.fn('cos', a.v));
      case 'cos':
        return this.chain(p.fn('cos', a.v), a, () => p.mul(-1, p.fn('sin', a.v)));
      case 'tan': {
        const v = p.apply(fn('tan', X), a.v);
        return this.chain(v, a, () => p.sum([1], [v, v]));
      }
      case 'exp': {
        const v = p.apply(fn('exp', X), a.v);
        return this.chain(v, a, () => v);
      }
      case 'log':
        return this.chain(p.apply(fn('log', X), a.v), a, () => p.recip(a.v));
      case 'sign':
        return this.constant(p.apply(fn('sign', X), a.v));
      default:
        return this.chain(p.apply(fn(name, X), a.v), a, () => p.apply(DERIVATIVES[name]!, a.v));
    }
  }
}

/** The nodes whose duals a node's rule reads: a product's bases and symbolic exponents, a sum's terms, a call's argument. */
function operandsOf(u: Expr): Expr[] {
  switch (u.kind) {
    case 'add':
      return u.terms.map((t) => t.expr);
    case 'mul':
      return u.factors.flatMap((f) => (f.exp.kind === 'num' ? [f.base] : [f.base, f.exp]));
    case 'pow':
      return u.exp.kind === 'num' ? [u.base] : [u.base, u.exp];
    case 'fn':
      return [u.args[0]!];
    default:
      return [];
  }
}
