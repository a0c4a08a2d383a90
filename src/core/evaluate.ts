// Numeric evaluation of expressions (tests, diagnostics, interpreted checks
// against generated code). Not the hot path: generated code is.
import { MechanicsError } from '../errors.js';
import * as Q from './rational.js';
import { literalValue, unreachable, type Expr, type FnName } from './expr.js';
import { deepSafe } from './traverse.js';

export type Env = Readonly<Record<string, number>>;

/** Each function's value. */
export const FN_VALUES: Readonly<Record<FnName, (x: number) => number>> = {
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  exp: Math.exp,
  log: Math.log,
  abs: Math.abs,
  sign: Math.sign,
};

export function evaluate(e: Expr, env: Env): number {
  return evaluator(env)(e);
}

/** A symbol's value: env's, else a literal's (a number written as a symbol), else π for `pi`; a named error without one. */
export function symbolValue(u: Expr & { kind: 'sym' }, env: Env): number {
  const v = env[u.name] ?? literalValue(u) ?? (u.name === 'pi' ? Math.PI : undefined);
  if (v === undefined) throw new MechanicsError('unknown-symbol', 'input', `no value for symbol '${u.name}'`);
  return v;
}

/**
 * e ↦ its value in env, for many expressions at one point: subexpressions
 * they share (the entries of a mass matrix share their cosines and
 * products, M_ij = M_ji is one node) are evaluated once.
 */
export function evaluator(env: Env): (e: Expr) => number {
  const memo = new Map<Expr, number>();
  const go: (u: Expr) => number = deepSafe(
    (u: Expr): number => {
      const hit = memo.get(u);
      if (hit !== undefined) return hit;
      let r: number;
      switch (u.kind) {
        case 'num':
          r = Q.toNumber(u.value);
          break;
        case 'sym':
          r = symbolValue(u, env);
          break;
        case 'add':
          r = Q.toNumber(u.constant);
          for (const t of u.terms) r += Q.toNumber(t.coeff) * go(t.expr);
          break;
        case 'mul':
          r = Q.toNumber(u.coeff);
          for (const f of u.factors) r *= go(f.base) ** go(f.exp);
          break;
        case 'pow':
          r = go(u.base) ** go(u.exp);
          break;
        case 'fn':
          r = FN_VALUES[u.name](go(u.args[0]!));
          break;
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
