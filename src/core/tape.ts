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
import { postOrder, unreachable, type Expr, type FnName } from './expr.js';
import { FN_VALUES, symbolValue, type Env } from './evaluate.js';

/** f(u) and f′(u). */
const FNS: Record<FnName, (u: number) => [number, number]> = {
  sin: (u) => [Math.sin(u), Math.cos(u)],
  cos: (u) => [Math.cos(u), -Math.sin(u)],
  tan: (u) => [Math.tan(u), 1 + Math.tan(u) ** 2],
  asin: (u) => [Math.asin(u), 1 / Math.sqrt(1 - u * u)],
  acos: (u) => [Math.acos(u), -1 / Math.sqrt(1 - u * u)],
  atan: (u) => [Math.atan(u), 1 / (1 + u * u)],
  exp: (u) => [Math.exp(u), Math.exp(u)],
  log: (u) => [Math.log(u), 1 / u],
  abs: (u) => [Math.abs(u), Math.sign(u)],
  sign: (u) => [Math.sign(u), 0],
};

/** Node kinds, as codes of the flat encoding. */
const CONST = 0,
  SYM = 1,
  ADD = 2,
  MUL = 3,
  FN = 4;

const FN_NAMES = Object.keys(FNS) as FnName[];

/** Each function's value alone, in FN_NAMES' order: what values() calls, without the derivative jets() needs. */
const FN_VALUE_LIST = FN_NAMES.map((name) => FN_VALUES[name]);

/** Values and gradients by the variables (k per node, row-major) at one point. */
export interface Jets {
  value(e: Expr): number;
  /** ∂e/∂variables (a view: copy it to keep it past the next call to jets). */
  grad(e: Expr): Float64Array;
}

/** b^w, with the exponents a mass matrix and a forcing are made of taken without Math.pow. */
function power(b: number, w: number): number {
  if (w === 1) return b;
  if (w === 0) return 1;
  if (w === 2) return b * b;
  if (w === -1) return 1 / b;
  if (w === 0.5) return Math.sqrt(b);
  return b ** w;
}

/**
 * The DAG in post-order as flat arrays (one pass per evaluation, no object
 * per node): a sum c₀ + Σ cᵢ·xᵢ and a product c₀·Π bᵢ^eᵢ read their operands
 * from `operand[first[i]..first[i+1])` (a power bᵉ is a product of one
 * factor); a product's exponent is `exponent[j]` when numeric, else the
 * value of node `exponentNode[j]`; a function's argument is its one operand.
 */
export class Tape {
  private readonly slots = new Map<Expr, number>();
  private readonly kinds: number[] = [];
  /** A constant's value, a sum's or product's c₀, a function's index in FN_NAMES, a symbol's index in `symbols`. */
  private readonly data: number[] = [];
  private readonly first: number[] = [0];
  private readonly operand: number[] = [];
  private readonly weight: number[] = [];
  private readonly exponentNode: number[] = [];
  private readonly symbols: (Expr & { kind: 'sym' })[] = [];
  private widest = 0;

  constructor(roots: readonly Expr[]) {
    for (const root of roots) for (const u of postOrder(root, (v) => this.slots.has(v))) this.add(u);
  }

  /** u's slot, compiled now if it is not yet (a product's numeric exponents are not among the children postOrder visits). */
  private add(u: Expr): number {
    const known = this.slots.get(u);
    if (known !== undefined) return known;
    const operands: [number, number, number][] = [];
    let kind: number;
    let data = 0;
    switch (u.kind) {
      case 'num':
        kind = CONST;
        data = Q.toNumber(u.value);
        break;
      case 'sym':
        kind = SYM;
        data = this.symbols.push(u) - 1;
        break;
      case 'add':
        kind = ADD;
        data = Q.toNumber(u.constant);
        for (const t of u.terms) operands.push([this.add(t.expr), Q.toNumber(t.coeff), -1]);
        break;
      case 'mul':
        kind = MUL;
        data = Q.toNumber(u.coeff);
        for (const f of u.factors) operands.push([this.add(f.base), ...this.exponent(f.exp)]);
        break;
      case 'pow':
        kind = MUL;
        data = 1;
        operands.push([this.add(u.base), ...this.exponent(u.exp)]);
        break;
      case 'fn':
        kind = FN;
        data = FN_NAMES.indexOf(u.name);
        operands.push([this.add(u.args[0]!), 0, -1]);
        break;
      default:
        return unreachable(u);
    }
    for (const [node, weight, exponentNode] of operands) {
      this.operand.push(node);
      this.weight.push(weight);
      this.exponentNode.push(exponentNode);
    }
    this.widest = Math.max(this.widest, operands.length);
    this.kinds.push(kind);
    this.data.push(data);
    this.first.push(this.operand.length);
    this.slots.set(u, this.kinds.length - 1);
    return this.kinds.length - 1;
  }

  /** An exponent as [its value, −1] when numeric, else [NaN, its node]. */
  private exponent(e: Expr): [number, number] {
    return e.kind === 'num' ? [Q.toNumber(e.value), -1] : [Number.NaN, this.add(e)];
  }

  /** The value of every compiled node at env. */
  values(env: Env): (e: Expr) => number {
    const { kinds, data, first, operand, weight, exponentNode } = this;
    const v = new Float64Array(kinds.length);
    const symbolValues = this.symbolValues(env);
    for (let i = 0; i < kinds.length; i++) {
      const kind = kinds[i]!;
      const from = first[i]!,
        to = first[i + 1]!;
      if (kind === ADD) {
        let r = data[i]!;
        for (let j = from; j < to; j++) r += weight[j]! * v[operand[j]!]!;
        v[i] = r;
      } else if (kind === MUL) {
        let r = data[i]!;
        for (let j = from; j < to; j++) {
          const w = exponentNode[j]! < 0 ? weight[j]! : v[exponentNode[j]!]!;
          r *= power(v[operand[j]!]!, w);
        }
        v[i] = r;
      } else if (kind === FN) v[i] = FN_VALUE_LIST[data[i]!]!(v[operand[from]!]!);
      else if (kind === SYM) v[i] = symbolValues[data[i]!]!;
      else v[i] = data[i]!;
    }
    return (e) => v[this.slot(e)]!;
  }

  /** Values and exact gradients by `variables` (symbols of env; the others constant). */
  jets(env: Env, variables: readonly string[]): Jets {
    const { kinds, data, first, operand, weight, exponentNode } = this;
    const k = variables.length;
    const index = new Map(variables.map((name, i) => [name, i]));
    const N = kinds.length;
    const v = new Float64Array(N);
    const g = new Float64Array(N * k);
    const symbolValues = this.symbolValues(env);
    // Whether a node's gradient is nonzero: most nodes of a forcing are free of the state's rates.
    const varying = new Uint8Array(N);
    /** g[i] += a·g[j] where node j varies. */
    const addScaled = (i: number, a: number, j: number): void => {
      if (!varying[j]) return;
      varying[i] = 1;
      const gi = i * k,
        gj = j * k;
      for (let c = 0; c < k; c++) g[gi + c] += a * g[gj + c]!;
    };
    // A product's factors f and the products of those after each, suffix[j] = Π_{l>j} f_l.
    const f = new Float64Array(this.widest);
    const suffix = new Float64Array(this.widest);
    for (let i = 0; i < N; i++) {
      const kind = kinds[i]!;
      const from = first[i]!,
        to = first[i + 1]!;
      if (kind === ADD) {
        let r = data[i]!;
        for (let j = from; j < to; j++) {
          r += weight[j]! * v[operand[j]!]!;
          addScaled(i, weight[j]!, operand[j]!);
        }
        v[i] = r;
      } else if (kind === MUL) {
        // Σⱼ d(fⱼ)·Π_{l≠j} f_l, the product of the others from the values (not by dividing by fⱼ, which may be 0):
        // c₀ times those before j (running) times those after (suffix).
        let r = data[i]!;
        for (let j = from; j < to; j++) {
          f[j - from] = power(v[operand[j]!]!, exponentNode[j]! < 0 ? weight[j]! : v[exponentNode[j]!]!);
          r *= f[j - from]!;
        }
        v[i] = r;
        let after = 1;
        for (let j = to - 1; j >= from; j--) {
          suffix[j - from] = after;
          after *= f[j - from]!;
        }
        let before = data[i]!;
        for (let j = from; j < to; j++) {
          const u = operand[j]!,
            w = exponentNode[j]!;
          if (varying[u] || (w >= 0 && varying[w])) {
            const others = before * suffix[j - from]!;
            // d(u^w) = w u^(w−1) du + u^w ln u dw
            const exponent = w < 0 ? weight[j]! : v[w]!;
            addScaled(i, others * exponent * power(v[u]!, exponent - 1), u);
            if (w >= 0) addScaled(i, others * f[j - from]! * Math.log(v[u]!), w);
          }
          before *= f[j - from]!;
        }
      } else if (kind === FN) {
        const [value, slope] = FNS[FN_NAMES[data[i]!]!](v[operand[from]!]!);
        v[i] = value;
        addScaled(i, slope, operand[from]!);
      } else if (kind === SYM) {
        v[i] = symbolValues[data[i]!]!;
        const c = index.get(this.symbols[data[i]!]!.name);
        if (c !== undefined) {
          varying[i] = 1;
          g[i * k + c] = 1;
        }
      } else v[i] = data[i]!;
    }
    return {
      value: (e) => v[this.slot(e)]!,
      grad: (e) => {
        const i = this.slot(e);
        return g.subarray(i * k, (i + 1) * k);
      },
    };
  }

  /** Each symbol's value at env (as evaluator takes it). */
  private symbolValues(env: Env): Float64Array {
    // A loop, not Float64Array.from with a mapping: called once per evaluation, millions of times in a study's runs.
    const out = new Float64Array(this.symbols.length);
    for (let i = 0; i < out.length; i++) out[i] = symbolValue(this.symbols[i]!, env);
    return out;
  }

  private slot(e: Expr): number {
    const i = this.slots.get(e);
    if (i === undefined) throw new MechanicsError('internal', 'internal', 'an expression evaluated on a tape it was not compiled into');
    return i;
  }
}
