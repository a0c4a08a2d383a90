// Numeric values with their exact first derivatives (forward-mode automatic
// differentiation): e ↦ (e, ∂e/∂x₁, …, ∂e/∂x_k) at a point, in one pass
// over the DAG. What a Jacobian evaluated at a few points needs without the
// symbolic derivatives: those of a large model (the bicycle's residual,
// with the front contact's √(1 − (n·k)²)) take minutes to simplify, while
// the values here agree with them to rounding.
import { MechanicsError } from '../errors.js';
import * as Q from './rational.js';
import { literalValue, unreachable, type Expr, type FnName } from './expr.js';
import type { Env } from './evaluate.js';
import { deepSafe } from './traverse.js';

/** A value and its gradient by the evaluator's variables. */
export interface Jet {
  readonly value: number;
  readonly grad: Float64Array;
}

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

/**
 * e ↦ its jet in env by `variables` (symbols of env; the others are
 * constants), for many expressions at one point: shared subexpressions are
 * evaluated once, as by evaluator.
 */
export function jetEvaluator(env: Env, variables: readonly string[]): (e: Expr) => Jet {
  const k = variables.length;
  const slot = new Map(variables.map((name, i) => [name, i]));
  const zero = new Float64Array(k);
  const memo = new Map<Expr, Jet>();
  /** a·x + b·y, with x = y = zero shared. */
  const combine = (a: number, x: Float64Array, b: number, y: Float64Array): Float64Array => {
    if (x === zero && y === zero) return zero;
    const out = new Float64Array(k);
    for (let i = 0; i < k; i++) out[i] = a * x[i]! + b * y[i]!;
    return out;
  };
  /** u^w and its gradient. */
  const power = (u: Jet, w: Jet): Jet => {
    const value = u.value ** w.value;
    // d(u^w) = w u^(w−1) du + u^w ln u dw; the second only where w varies.
    const du = u.grad === zero ? 0 : w.value * u.value ** (w.value - 1);
    const dw = w.grad === zero ? 0 : value * Math.log(u.value);
    return { value, grad: combine(du, u.grad, dw, w.grad) };
  };
  const go: (u: Expr) => Jet = deepSafe(
    (u: Expr): Jet => {
      const hit = memo.get(u);
      if (hit !== undefined) return hit;
      let r: Jet;
      switch (u.kind) {
        case 'num':
          r = { value: Q.toNumber(u.value), grad: zero };
          break;
        case 'sym': {
          const v = env[u.name] ?? literalValue(u) ?? (u.name === 'pi' ? Math.PI : undefined);
          if (v === undefined) throw new MechanicsError('unknown-symbol', 'input', `no value for symbol '${u.name}'`);
          const i = slot.get(u.name);
          const grad = i === undefined ? zero : new Float64Array(k);
          if (i !== undefined) grad[i] = 1;
          r = { value: v, grad };
          break;
        }
        case 'add': {
          let value = Q.toNumber(u.constant);
          let grad: Float64Array = zero;
          for (const t of u.terms) {
            const c = Q.toNumber(t.coeff);
            const x = go(t.expr);
            value += c * x.value;
            grad = combine(1, grad, c, x.grad);
          }
          r = { value, grad };
          break;
        }
        case 'mul': {
          // (r, dr) ← (r f, f dr + r df) factor by factor.
          let value = Q.toNumber(u.coeff);
          let grad: Float64Array = zero;
          for (const f of u.factors) {
            const x = power(go(f.base), go(f.exp));
            grad = combine(x.value, grad, value, x.grad);
            value *= x.value;
          }
          r = { value, grad };
          break;
        }
        case 'pow':
          r = power(go(u.base), go(u.exp));
          break;
        case 'fn': {
          const x = go(u.args[0]!);
          const [value, slope] = FNS[u.name](x.value);
          r = { value, grad: combine(slope, x.grad, 0, zero) };
          break;
        }
        default:
          return unreachable(u);
      }
      memo.set(u, r);
      return r;
    },
    (u) => memo.has(u),
  );
  return go;
}
