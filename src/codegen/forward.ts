// Forward-mode differentiation at codegen time, on straight-line code
// (straight-line.ts): an expression's DAG is lowered node by node into
// values of a Program, and every node of a Program gets its tangent, one
// value per direction of the state x = (q, q̇), by the chain rule node by
// node (for v = f(a, b): v̇ = f_a·ȧ + f_b·ḃ). The Program may be one built
// otherwise (the bodies' kinematics and sums, bodywise.ts): its reads of
// the state and of kernel inputs are seeded, the rest follows. A tangent
// known to be zero is the number 0 and costs nothing: M(q) has no tangent
// along q̇, a node free of qₖ none along qₖ. The derivatives are exact (no
// step, no truncation) and the code grows with the program, not with the
// size of its simplified symbolic derivatives.
// Tests: test/codegen/jacobian-forward.test.ts.
import { diff } from '../core/diff.js';
import { fn, literalValue, pow, unreachable, type Expr, type Sym } from '../core/expr.js';
import * as Q from '../core/rational.js';
import type { KernelInputs } from './ir.js';
import { ARGS, type Node, type Product, type Program, type Val } from './straight-line.js';

/** A value and its tangent along each direction (0 where known to vanish). */
export interface Dual {
  readonly v: Val;
  readonly d: readonly Val[];
}

const [X, Y] = ARGS as [Sym, Sym];

/**
 * The duals of expressions in the symbols of `inputs`, and of the values of
 * `program`: directions `directions` (symbol name → its direction index: a
 * coordinate's and a velocity's), a read's tangent `seed`'s where it gives
 * one, every other input constant.
 */
export class Forward {
  private readonly values = new Map<Expr, Val>();
  private readonly tangents = new Map<Node, readonly Val[]>();
  /** The reads of direction symbols, with their directions. */
  private readonly reads = new Map<Node, number>();
  private readonly zero: readonly Val[];

  constructor(
    private readonly program: Program,
    private readonly inputs: KernelInputs,
    private readonly directions: ReadonlyMap<string, number>,
    width: number,
    private readonly seed: (read: Node) => readonly Val[] | undefined = () => undefined,
  ) {
    this.zero = new Array<Val>(width).fill(0);
  }

  /** e's dual. */
  of(e: Expr): Dual {
    const v = this.value(e);
    return { v, d: this.tangent(v) };
  }

  /** A unit tangent along direction k. */
  unit = (k: number): readonly Val[] => this.zero.map((_, j) => (j === k ? 1 : 0));

  /** e as a value of the program, its DAG walked once across calls. */
  value(e: Expr): Val {
    const known = this.values.get(e);
    if (known !== undefined) return known;
    // Children first, without recursion (the bicycle's DAGs are deep).
    const stack: [Expr, boolean][] = [[e, false]];
    while (stack.length) {
      const [u, ready] = stack.pop()!;
      if (this.values.has(u)) continue;
      if (ready) {
        this.values.set(u, this.lower(u));
        continue;
      }
      stack.push([u, true]);
      for (const c of exprOperands(u)) if (!this.values.has(c)) stack.push([c, false]);
    }
    return this.values.get(e)!;
  }

  /** A value's tangent, each node's made once across calls. */
  tangent(v: Val): readonly Val[] {
    if (typeof v === 'number') return this.zero;
    const stack: [Node, boolean][] = [[v, false]];
    while (stack.length) {
      const [u, ready] = stack.pop()!;
      if (this.tangents.has(u)) continue;
      if (ready) {
        this.tangents.set(u, this.derive(u));
        continue;
      }
      stack.push([u, true]);
      for (const c of u.operands) if (!this.tangents.has(c)) stack.push([c, false]);
    }
    return this.tangents.get(v)!;
  }

  private get = (e: Expr): Val => this.values.get(e)!;

  private lower(u: Expr): Val {
    const p = this.program;
    switch (u.kind) {
      case 'num':
        return Q.toNumber(u.value);
      case 'sym':
        return this.symbol(u);
      case 'add':
        return p.sum([Q.toNumber(u.constant)], ...u.terms.map((t): Product => [Q.toNumber(t.coeff), this.get(t.expr)]));
      case 'mul':
        return p.mul(Q.toNumber(u.coeff), ...u.factors.map((f) => this.power(f.base, f.exp)));
      case 'pow':
        return this.power(u.base, u.exp);
      case 'fn': {
        const a = this.get(u.args[0]!);
        return u.name === 'sin' || u.name === 'cos' ? p.fn(u.name, a) : p.apply(fn(u.name, X), a);
      }
      default:
        return unreachable(u);
    }
  }

  private symbol(u: Expr & { kind: 'sym' }): Val {
    const literal = literalValue(u);
    if (literal !== undefined) return literal;
    if (u.name === 'pi') return Math.PI;
    const input = this.inputs.get(u.name);
    if (!input) throw new Error(`internal: symbol '${u.name}' has no input binding in generated code`);
    const v = this.program.read(input.read);
    const k = this.directions.get(u.name);
    if (k !== undefined) this.reads.set(v, k);
    return v;
  }

  /** base^exp: integer powers as products (of 1/base when negative), others as the language's power. */
  private power(base: Expr, exp: Expr): Val {
    const p = this.program;
    const b = this.get(base);
    if (exp.kind !== 'num') return p.apply(pow(X, Y), b, this.get(exp));
    if (!Q.isInteger(exp.value)) return p.apply(pow(X, exp), b);
    const k = Q.toNumber(exp.value);
    return p.mul(...new Array<Val>(Math.abs(k)).fill(k < 0 ? p.recip(b) : b));
  }

  /** A node's tangent from its operands'. */
  private derive(u: Node): readonly Val[] {
    const def = u.def;
    if (def.kind === 'read') {
      const k = this.reads.get(u);
      return k === undefined ? (this.seed(u) ?? this.zero) : this.unit(k);
    }
    if (u.operands.every((o) => this.tangents.get(o) === this.zero)) return this.zero;
    const p = this.program;
    switch (def.kind) {
      case 'sum': {
        // Per term c·Π fᵢ^mᵢ, for each distinct factor with a tangent, its cofactor c·mᵢ·fᵢ^(mᵢ−1)·Π_{j≠i} fⱼ^mⱼ, made once for every direction.
        const parts: [Val, readonly Val[]][] = [];
        for (const t of def.terms) {
          t.factors.forEach((f, i) => {
            if (t.factors.indexOf(f) !== i) return;
            const d = this.tangents.get(f)!;
            if (d === this.zero) return;
            const m = t.factors.filter((g) => g === f).length;
            const rest = t.factors.filter((_, j) => j !== i);
            parts.push([p.mul(t.coef * m, ...rest), d]);
          });
        }
        return this.combine(parts);
      }
      case 'recip':
        // (1/a)˙ = −(1/a)²·ȧ.
        return this.combine([[p.mul(-1, u, u), this.tangents.get(def.of)!]]);
      case 'call': {
        const a = def.arg;
        const slope = def.fn === 'sin' ? p.fn('cos', a) : def.fn === 'cos' ? p.mul(-1, p.fn('sin', a)) : p.mul(0.5, p.recip(u));
        return this.combine([[slope, this.tangents.get(a)!]]);
      }
      case 'apply':
        return this.combine(
          def.args.flatMap((a, i): [Val, readonly Val[]][] => {
            const d = this.tangents.get(a)!;
            return d === this.zero ? [] : [[p.apply(diff(def.expr, ARGS[i]!.name), ...def.args), d]];
          }),
        );
      default:
        return unreachable(def);
    }
  }

  /** Σ slopeᵢ·ȧᵢ along each direction, the vanishing products left out. */
  private combine(parts: readonly (readonly [Val, readonly Val[]])[]): readonly Val[] {
    const d = this.zero.map((_, k) => this.program.sum(...parts.flatMap(([s, t]): Product[] => (t[k] === 0 ? [] : [[s, t[k]!]]))));
    return d.every((x) => x === 0) ? this.zero : d;
  }
}

/** The nodes whose values a node's lowering reads: a product's bases and symbolic exponents, a sum's terms, a call's argument. */
function exprOperands(u: Expr): Expr[] {
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
