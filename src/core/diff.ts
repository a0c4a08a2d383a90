// Partial derivatives ∂e/∂x. Right before any simplification: the result is
// only put in canonical form by the constructors, never rewritten.
import { MechanicsError } from '../errors.js';
import * as Q from './rational.js';
import { add, addAll, contains, cos, dependsOn, div, fn, liveSymbol, memo, mul, mulOmitting, neg, num, ONE, pow, sin, unreachable, ZERO, type Expr, type Fn } from './expr.js';
import { deepSafe } from './traverse.js';

/**
 * ∂e/∂x. Shared subexpressions are differentiated once, and a node keeps its
 * derivatives (memo slot `derivatives`, a function of its structure alone):
 * a derivation takes ∂/∂q of the same entries and factors many times (∂M/∂q
 * for the forcing, for ∂L/∂q and again for the linearization).
 */
export function diff(e: Expr, x: string): Expr {
  const s = liveSymbol(x);
  if (s === undefined) return ZERO;
  const has = (u: Expr): boolean => contains(u, s);
  const d: (u: Expr) => Expr = deepSafe(
    (u) => {
      if (!has(u)) return ZERO;
      const hit = known(u, x);
      if (hit) return hit;
      const r = rule(u, x, d, has);
      const m = memo(u);
      if (m.derivatives) m.derivatives.push(x, r);
      else m.derivatives = [x, r];
      return r;
    },
    (u) => !has(u) || known(u, x) !== undefined,
  );
  return d(e);
}

/** ∂u/∂x if it was taken before. */
function known(u: Expr, x: string): Expr | undefined {
  const ds = memo(u).derivatives;
  if (ds === undefined) return undefined;
  for (let i = 0; i < ds.length; i += 2) if (ds[i] === x) return ds[i + 1] as Expr;
  return undefined;
}

function rule(e: Expr, x: string, d: (u: Expr) => Expr, has: (u: Expr) => boolean): Expr {
  switch (e.kind) {
    case 'num':
      return ZERO;
    case 'sym':
      return e.name === x ? ONE : ZERO;
    case 'add': {
      const parts: Expr[] = [];
      for (const t of e.terms) {
        const dt = d(t.expr);
        if (dt !== ZERO) parts.push(mul(num(t.coeff), dt));
      }
      return addAll(parts);
    }
    case 'mul': {
      // Product rule over the factors bᵢ^eᵢ: Σᵢ (Π_{j≠i} bⱼ^eⱼ)·∂(bᵢ^eᵢ).
      // Dropping one factor of a canonical product leaves a canonical
      // product, merged with ∂(bᵢ^eᵢ) directly (mulOmitting).
      const parts: Expr[] = [];
      const fs = e.factors;
      for (let i = 0; i < fs.length; i++) {
        if (!has(fs[i]!.base) && !has(fs[i]!.exp)) continue;
        const di = d(pow(fs[i]!.base, fs[i]!.exp));
        if (di === ZERO) continue;
        parts.push(mulOmitting(e, i, di));
      }
      return parts.length === 1 ? parts[0]! : addAll(parts);
    }
    case 'pow': {
      const { base, exp } = e;
      if (!has(exp)) {
        // d(b^k) = k b^(k−1) db
        return mul(exp, pow(base, add(exp, num(Q.MINUS_ONE))), d(base));
      }
      // d(b^u) = b^u (du·log b + u db / b); the second term only when b
      // depends on x (a constant base may be 0, and 0^−1 is an error).
      const db = d(base);
      const viaExp = mul(d(exp), fn('log', base));
      return mul(e, db === ZERO ? viaExp : add(viaExp, mul(exp, db, pow(base, -1))));
    }
    case 'fn':
      return mul(outerDerivative(e), d(e.args[0]!));
    default:
      return unreachable(e);
  }
}

function outerDerivative(f: Fn): Expr {
  const u = f.args[0]!;
  switch (f.name) {
    case 'sin':
      return cos(u);
    case 'cos':
      return neg(sin(u));
    case 'tan':
      return add(ONE, pow(f, 2));
    case 'asin':
      return pow(add(ONE, neg(pow(u, 2))), num(-0.5));
    case 'acos':
      return neg(pow(add(ONE, neg(pow(u, 2))), num(-0.5)));
    case 'exp':
      return f;
    case 'log':
      return div(ONE, u);
    case 'abs':
      return fn('sign', u);
    case 'sign':
      // Zero almost everywhere; the jump at 0 is a contact law's business,
      // not a classical derivative's.
      return ZERO;
    default:
      throw new MechanicsError('internal', 'internal', `no derivative rule for ${(f as Fn).name}`);
  }
}

/** Total time derivative d/dt along q(t): ∂e/∂t + Σ ∂e/∂qᵢ q̇ᵢ (+ Σ ∂e/∂q̇ᵢ q̈ᵢ when given). */
export function timeDerivative(e: Expr, t: string, chain: readonly (readonly [string, Expr])[]): Expr {
  const parts: Expr[] = [diff(e, t)];
  for (const [name, rate] of chain) if (dependsOn(e, name)) parts.push(mul(diff(e, name), rate));
  return addAll(parts);
}
