// Expressions compiled once to a tape (their DAG in post-order, children
// by index) and evaluated at many points: values, or values with their
// exact first derivatives (forward-mode automatic differentiation). What a
// numeric study that evaluates the same large expressions thousands of
// times needs (steady motions of the bicycle: its forcing evaluated by
// evaluator's walk of the DAG was most of a sweep), and a Jacobian without
// the symbolic derivatives, which for the bicycle take minutes to simplify
// while the values here agree with them to rounding.
import { MechanicsError } from '../errors.js';
import * as Q from './rational.js';
import { literalValue, postOrder, unreachable, type Expr, type FnName } from './expr.js';
import type { Env } from './evaluate.js';

/** f(u) and f′(u). */
const FNS: Record<FnName, (u: number) => [number, number]> = {
  sin: (u) => [Math.sin(u), Math.cos(u)],
  cos: (u) => [Math.cos(u), -Math.sin(u)],
  tan: (u) => [Math.tan(u), 1 + Math.tan(u) ** 2],
  asin: (u) => [Math.asin(u), 1 / Math.sqrt(1 - u * u)],
  acos: (u) => [Math.acos(u), -1 / Math.sqrt(1 - u * u)],
  exp: (u) => [Math.exp(u), Math.exp(u)],
  log: (u) => [Math.log(u), 1 / u],
  abs: (u) => [Math.abs(u), Math.sign(u)],
  sign: (u) => [Math.sign(u), 0],
};

/** A node: a sum c₀ + Σ cᵢ·xᵢ, a product c₀·Π bᵢ^eᵢ, a function of one node, or a leaf. */
type Op =
  | { readonly kind: 'const'; readonly value: number }
  | { readonly kind: 'sym'; readonly name: string; readonly literal: number | undefined }
  | { readonly kind: 'add'; readonly c0: number; readonly coeffs: Float64Array; readonly args: Int32Array }
  | { readonly kind: 'mul'; readonly c0: number; readonly bases: Int32Array; readonly exps: Int32Array }
  | { readonly kind: 'pow'; readonly base: number; readonly exp: number }
  | { readonly kind: 'fn'; readonly name: FnName; readonly arg: number };

/** Values and gradients by the variables (k per node, row-major) at one point. */
export interface Jets {
  value(e: Expr): number;
  /** ∂e/∂variables (a view: copy it to keep it past the next call to jets). */
  grad(e: Expr): Float64Array;
}

export class Tape {
  private readonly ops: Op[] = [];
  private readonly slots = new Map<Expr, number>();

  constructor(roots: readonly Expr[]) {
    for (const root of roots) for (const u of postOrder(root, (v) => this.slots.has(v))) this.add(u);
  }

  /** u's slot, compiled now if it is not yet (a product's numeric exponents are not among the children postOrder visits). */
  private add(u: Expr): number {
    const known = this.slots.get(u);
    if (known !== undefined) return known;
    const op = compile(u, (c) => this.add(c));
    this.slots.set(u, this.ops.length);
    this.ops.push(op);
    return this.ops.length - 1;
  }

  /** The value of every compiled node at env. */
  values(env: Env): (e: Expr) => number {
    const v = new Float64Array(this.ops.length);
    this.ops.forEach((op, i) => {
      switch (op.kind) {
        case 'const':
          v[i] = op.value;
          break;
        case 'sym':
          v[i] = symbolValue(op, env);
          break;
        case 'add': {
          let r = op.c0;
          for (let j = 0; j < op.args.length; j++) r += op.coeffs[j]! * v[op.args[j]!]!;
          v[i] = r;
          break;
        }
        case 'mul': {
          let r = op.c0;
          for (let j = 0; j < op.bases.length; j++) r *= v[op.bases[j]!]! ** v[op.exps[j]!]!;
          v[i] = r;
          break;
        }
        case 'pow':
          v[i] = v[op.base]! ** v[op.exp]!;
          break;
        case 'fn':
          v[i] = FNS[op.name](v[op.arg]!)[0];
          break;
        default:
          unreachable(op);
      }
    });
    return (e) => v[this.slot(e)]!;
  }

  /** Values and exact gradients by `variables` (symbols of env; the others constant). */
  jets(env: Env, variables: readonly string[]): Jets {
    const k = variables.length;
    const index = new Map(variables.map((name, i) => [name, i]));
    const N = this.ops.length;
    const v = new Float64Array(N);
    const g = new Float64Array(N * k);
    // Whether a node's gradient is nonzero: most nodes of a forcing are free of the state's rates.
    const varying = new Uint8Array(N);
    /** g[i] += a·g[j] where node j varies. */
    const addScaled = (i: number, a: number, j: number): void => {
      if (!varying[j]) return;
      varying[i] = 1;
      for (let c = 0; c < k; c++) g[i * k + c] = g[i * k + c]! + a * g[j * k + c]!;
    };
    /** d(u^w) = w u^(w−1) du + u^w ln u dw, into node i. */
    const power = (i: number, u: number, w: number, scale: number): number => {
      const value = v[u]! ** v[w]!;
      if (varying[u]) addScaled(i, scale * v[w]! * v[u]! ** (v[w]! - 1), u);
      if (varying[w]) addScaled(i, scale * value * Math.log(v[u]!), w);
      return value;
    };
    this.ops.forEach((op, i) => {
      switch (op.kind) {
        case 'const':
          v[i] = op.value;
          break;
        case 'sym': {
          v[i] = symbolValue(op, env);
          const c = index.get(op.name);
          if (c !== undefined) {
            varying[i] = 1;
            g[i * k + c] = 1;
          }
          break;
        }
        case 'add': {
          let r = op.c0;
          for (let j = 0; j < op.args.length; j++) {
            r += op.coeffs[j]! * v[op.args[j]!]!;
            addScaled(i, op.coeffs[j]!, op.args[j]!);
          }
          v[i] = r;
          break;
        }
        case 'mul': {
          // Σⱼ d(fⱼ)·Π_{l≠j} f_l, the product of the others from the values (not by dividing by fⱼ, which may be 0).
          const n = op.bases.length;
          const f = new Float64Array(n);
          for (let j = 0; j < n; j++) f[j] = v[op.bases[j]!]! ** v[op.exps[j]!]!;
          let r = op.c0;
          for (let j = 0; j < n; j++) r *= f[j]!;
          v[i] = r;
          for (let j = 0; j < n; j++) {
            if (!varying[op.bases[j]!] && !varying[op.exps[j]!]) continue;
            let others = op.c0;
            for (let l = 0; l < n; l++) if (l !== j) others *= f[l]!;
            power(i, op.bases[j]!, op.exps[j]!, others);
          }
          break;
        }
        case 'pow':
          v[i] = power(i, op.base, op.exp, 1);
          break;
        case 'fn': {
          const [value, slope] = FNS[op.name](v[op.arg]!);
          v[i] = value;
          addScaled(i, slope, op.arg);
          break;
        }
        default:
          unreachable(op);
      }
    });
    return {
      value: (e) => v[this.slot(e)]!,
      grad: (e) => {
        const i = this.slot(e);
        return g.subarray(i * k, (i + 1) * k);
      },
    };
  }

  private slot(e: Expr): number {
    const i = this.slots.get(e);
    if (i === undefined) throw new MechanicsError('internal', 'internal', 'an expression evaluated on a tape it was not compiled into');
    return i;
  }
}

function compile(u: Expr, at: (u: Expr) => number): Op {
  switch (u.kind) {
    case 'num':
      return { kind: 'const', value: Q.toNumber(u.value) };
    case 'sym':
      return { kind: 'sym', name: u.name, literal: literalValue(u) ?? (u.name === 'pi' ? Math.PI : undefined) };
    case 'add':
      return {
        kind: 'add',
        c0: Q.toNumber(u.constant),
        coeffs: Float64Array.from(u.terms, (t) => Q.toNumber(t.coeff)),
        args: Int32Array.from(u.terms, (t) => at(t.expr)),
      };
    case 'mul':
      return {
        kind: 'mul',
        c0: Q.toNumber(u.coeff),
        bases: Int32Array.from(u.factors, (f) => at(f.base)),
        exps: Int32Array.from(u.factors, (f) => at(f.exp)),
      };
    case 'pow':
      return { kind: 'pow', base: at(u.base), exp: at(u.exp) };
    case 'fn':
      return { kind: 'fn', name: u.name, arg: at(u.args[0]!) };
    default:
      return unreachable(u);
  }
}

/** As evaluator: env's value, else a literal's, else pi. */
function symbolValue(op: Op & { kind: 'sym' }, env: Env): number {
  const v = env[op.name] ?? op.literal;
  if (v === undefined) throw new MechanicsError('unknown-symbol', 'input', `no value for symbol '${op.name}'`);
  return v;
}
