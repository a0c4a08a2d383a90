// The time a condition on a load swept in time changes sign, in closed form
// (smirnov1981 §2: a support switch under F_z = F cos ωt or a growing
// moment, the end of rest where Φ(t) falls to |P|). Signs and moduli whose
// arguments keep their sign through the root (the directions of sliding, the
// side a load presses) are fixed at their values there; then one factor of
// the condition carries t, and it is linear in t (t = −a/b) or linear in the
// cosine or sine of one angle θ linear in t: a + b cos θ = 0 at
// θ = ±arccos(−a/b) + 2kπ (θ = (k + ½)π where a = 0), a + b sin θ = 0 at
// θ = arcsin(−a/b) or π − arcsin(−a/b), + 2kπ (θ = kπ where a = 0); the
// branch and k are those of the located root. The closed form is kept only
// where it evaluates to the located root.
// Tests: test/studies/time-root.test.ts.
import { add, dependsOn, factorsOf, fn, mul, num, pow, sym, ZERO, type Expr } from '../core/expr.js';
import { diff } from '../core/diff.js';
import { evaluate, type Env } from '../core/evaluate.js';
import { subs } from '../core/subs.js';
import { mapChildren, memoPass } from '../core/traverse.js';
import { simplify } from '../core/trig.js';
import { COS as C, SIN as S, swingAngle } from '../derive/motion/trig-root.js';
import { TIME } from '../model/names.js';

/** |u| at the root below which sgn u and |u| are not fixed there: u itself vanishes at the root. */
const SIGN_TOLERANCE = 1e-9;

/** e with each sgn u and |u| whose u keeps its sign at `there` set to that sign (u itself vanishing there: kept). */
export function fixedSigns(e: Expr, there: Env): Expr {
  return memoPass<Expr>((u, go) => {
    const v = mapChildren(u, go);
    if (v.kind !== 'fn' || (v.name !== 'sign' && v.name !== 'abs')) return v;
    const value = evaluate(v.args[0]!, there);
    if (Math.abs(value) <= SIGN_TOLERANCE) return v;
    return v.name === 'sign' ? num(Math.sign(value)) : mul(num(Math.sign(value)), v.args[0]!);
  })(e);
}

/**
 * The root of e(t) = 0 located (numerically) at `located`, in closed form, or undefined. `state` names the
 * coordinates and velocities (a condition that depends on them has no closed form in t); env holds the parameters
 * and the state at the root.
 */
export function timeRoot(e: Expr, state: readonly string[], env: Env, located: number): Expr | undefined {
  const r = simplify(fixedSigns(e, { ...env, [TIME]: located }));
  if (state.some((s) => dependsOn(r, s))) return undefined;
  const timed = factorsOf(r).filter((f) => dependsOn(f, TIME));
  if (timed.length !== 1) return undefined;
  const root = factorRoot(timed[0]!, env, located);
  if (!root) return undefined;
  const t = simplify(root);
  return Math.abs(evaluate(t, env) - located) <= 1e-8 * Math.max(1, Math.abs(located)) ? t : undefined;
}

const at0 = (e: Expr) => simplify(subs(e, new Map([[TIME, ZERO]])));
const PI = sym('pi');

/** The root of one factor f(t) nearest `located`: linear in t, or linear in cos θ or sin θ of θ linear in t. */
function factorRoot(f: Expr, env: Env, located: number): Expr | undefined {
  const slope = simplify(diff(f, TIME));
  if (slope !== ZERO && !dependsOn(slope, TIME)) return mul(num(-1), at0(f), pow(slope, -1));
  const swing = swingAngle(f);
  if (!swing) return undefined;
  const { theta, omega, replace } = swing;
  const g = simplify(replace(f));
  const [bc, bs] = [simplify(diff(g, C.name)), simplify(diff(g, S.name))];
  if ((bc === ZERO) === (bs === ZERO)) return undefined;
  const [b, trig] = bc === ZERO ? [bs, S] : [bc, C];
  const a = simplify(subs(g, new Map([[trig.name, ZERO]])));
  if ([a, b].some((x) => dependsOn(x, TIME) || dependsOn(x, C.name) || dependsOn(x, S.name))) return undefined;
  // The base angles, each with its period.
  const ratio = mul(num(-1), a, pow(b, -1));
  const bases: [Expr, number][] =
    a === ZERO
      ? [[trig === C ? mul(num(1 / 2), PI) : ZERO, 1]]
      : trig === C
        ? [
            [fn('acos', ratio), 2],
            [mul(num(-1), fn('acos', ratio)), 2],
          ]
        : [
            [fn('asin', ratio), 2],
            [add(PI, mul(num(-1), fn('asin', ratio))), 2],
          ];
  const theta0 = at0(theta);
  const w = evaluate(omega, env);
  const target = w * located + evaluate(theta0, env);
  const times = bases.map(([alpha, period]) => {
    const k = Math.round((target - evaluate(alpha, env)) / (period * Math.PI));
    const t = mul(add(alpha, mul(num(k * period), PI), mul(num(-1), theta0)), pow(omega, -1));
    return { t, off: Math.abs(evaluate(t, env) - located) };
  });
  return times.reduce((best, x) => (x.off < best.off ? x : best)).t;
}
