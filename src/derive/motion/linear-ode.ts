// The closed form of q̈ = a − k q − c q̇ with constant a, k, c and q(t₀) = q₀,
// q̇(t₀) = v₀, in τ = t − t₀: one coordinate's motion in a piece of a
// piecewise-linear model (piecewise.ts), e.g. kozlov1988 (2.5)'s point held by
// an added mass, q̈ = ∓g/(N + 1). Which form applies is read from which
// coefficients vanish and, when k ≠ 0, from the sign of c² − 4k at the
// values given (the parameters' defaults): the form holds where that sign
// does. A critically damped c² = 4k is left undone (undefined), never guessed.
// Tests: test/derive/paper-results.test.ts.
import { add, fn, HALF, mul, neg, num, pow, sqrt, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import { evaluate, type Env } from '../../core/evaluate.js';
import { simplify } from '../../core/trig.js';

export interface LinearMotion {
  /** q̈ = a − k q − c q̇. */
  readonly a: Expr;
  readonly k: Expr;
  readonly c: Expr;
}

const div = (x: Expr, y: Expr): Expr => mul(x, pow(y, -1));
const decay = (rate: Expr, tau: Expr): Expr => (rate === ZERO ? num(1) : fn('exp', neg(mul(rate, tau))));

/** q(τ), or undefined for the critically damped case. */
export function linearMotion({ a, k, c }: LinearMotion, q0: Expr, v0: Expr, tau: Expr, env: Env): Expr | undefined {
  if (k === ZERO && c === ZERO) return simplify(add(q0, mul(v0, tau), mul(HALF, a, tau, tau)));
  if (k === ZERO) {
    // Terminal velocity a/c approached at the rate c.
    const terminal = div(a, c);
    return simplify(add(q0, mul(terminal, tau), mul(sub(v0, terminal), div(sub(num(1), decay(c, tau)), c))));
  }
  const rest = div(a, k);
  const d = sub(q0, rest);
  const gamma = mul(HALF, c);
  const discriminant = evaluate(sub(mul(c, c), mul(num(4), k)), env);
  if (discriminant < 0) {
    const omega = sqrt(simplify(sub(k, mul(gamma, gamma))));
    const swing = add(mul(d, fn('cos', mul(omega, tau))), mul(div(add(v0, mul(gamma, d)), omega), fn('sin', mul(omega, tau))));
    return simplify(add(rest, mul(decay(gamma, tau), swing)));
  }
  if (discriminant > 0) {
    // Two real rates λ± = −γ ± s.
    const s = sqrt(simplify(sub(mul(gamma, gamma), k)));
    const fast = sub(neg(gamma), s);
    const c1 = div(sub(v0, mul(fast, d)), mul(num(2), s));
    return simplify(add(rest, mul(c1, fn('exp', mul(add(neg(gamma), s), tau))), mul(sub(d, c1), fn('exp', mul(fast, tau)))));
  }
  return undefined;
}

/**
 * The extent of an undamped oscillation (c = 0, k ≠ 0): a/k ∓ √((q₀ − a/k)² + v₀²/k),
 * and its period 2π/√k; undefined otherwise. From rest (v₀ = 0) the amplitude
 * is |q₀ − a/k|, taken with its sign at the values given (it holds where that sign does).
 */
export function undampedRange({ a, k, c }: LinearMotion, q0: Expr, v0: Expr, env: Env): { min: Expr; max: Expr; period: Expr } | undefined {
  if (c !== ZERO || k === ZERO) return undefined;
  const rest = div(a, k);
  const d = simplify(sub(q0, rest));
  const amplitude = simplify(v0) === ZERO ? mul(num(Math.sign(evaluate(d, env)) || 1), d) : sqrt(simplify(add(pow(d, 2), div(pow(v0, 2), k))));
  return { min: simplify(sub(rest, amplitude)), max: simplify(add(rest, amplitude)), period: simplify(div(mul(num(2), sym('pi')), sqrt(k))) };
}
