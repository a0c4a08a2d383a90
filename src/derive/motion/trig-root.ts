// The end of a piece that swings: the first root after the piece's start of
// a condition e(t) = b(cos θ − 1) + c sin θ, θ = ω(t − t₀), which vanishes
// where the piece starts on a contact's surface. Halving the angle,
// e = 2 sin(θ/2)(c cos(θ/2) − b sin(θ/2)), so the root is cot(θ/2) = b/c,
// θ/2 = arccot(b/c) = π/2 − arctan(b/c) ∈ (0, π) for either sign of c —
// kozlov1988 (4.2)'s τ = 2N^{−1/2} arcctg(−g v⁻¹N^{−1/2}) in the paper's form. A
// damped swing e = E(t)(b(cos θ − 1) + c sin θ) with E free of the swing is
// taken where b = 0: c E(t) sin θ, the root θ = π (Theorem 3's half damped
// period), as is an undamped one without a constant force (b = 0: the walls
// of kozlov1988 (4.6)). A swing that starts off the surface (offSurfaceRoot,
// kozlov1988 §2's elastic release), a + b cos θ + c sin θ, has its first root
// from the half-angle quadratic in tan(θ/2).
// Tests: test/derive/motion/trig-root.test.ts.
import { add, children, dependsOn, fn, HALF, mul, neg, num, pow, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import { cancel } from '../../core/cancel.js';
import { diff } from '../../core/diff.js';
import { evaluate, type Env } from '../../core/evaluate.js';
import { subs } from '../../core/subs.js';
import { mapChildren, memoPass } from '../../core/traverse.js';
import { simplify } from '../../core/trig.js';
import { TIME } from '../../model/names.js';

/** Placeholders for cos θ and sin θ of the swing angle, so that e reads as a polynomial in them. */
export const COS = sym('cosθ*');
export const SIN = sym('sinθ*');

/** The swing's angles in e: the arguments of sin and cos that depend on t. */
function angles(e: Expr, out: Set<Expr>): Set<Expr> {
  if (e.kind === 'fn' && (e.name === 'sin' || e.name === 'cos') && dependsOn(e.args[0]!, TIME)) out.add(e.args[0]!);
  for (const c of children(e)) angles(c, out);
  return out;
}

export interface SwingAngle {
  /** θ, the one angle of e's sines and cosines that depends on t, linear in t. */
  readonly theta: Expr;
  /** ω = dθ/dt. */
  readonly omega: Expr;
  /** An expression with cos θ and sin θ replaced by COS and SIN. */
  readonly replace: (x: Expr) => Expr;
}

/** e's swing angle θ = ωt + θ₀ with ω free of t; undefined where e has none or more than one. */
export function swingAngle(e: Expr): SwingAngle | undefined {
  const found = [...angles(e, new Set())];
  if (found.length !== 1) return undefined;
  const theta = found[0]!;
  const omega = simplify(diff(theta, TIME));
  if (omega === ZERO || dependsOn(omega, TIME)) return undefined;
  const replace = memoPass<Expr>((u, go) => {
    const v = mapChildren(u, go);
    if (v.kind === 'fn' && v.args[0] === theta) return v.name === 'cos' ? COS : v.name === 'sin' ? SIN : v;
    return v;
  });
  return { theta, omega, replace };
}

export interface SwingRoot {
  readonly time: Expr;
  /** An expression with cos θ and sin θ at the root in closed form, for the state there. */
  readonly atRoot: (e: Expr) => Expr;
}

/** The first root after the start of e(t) = 0 in the class above, or undefined. */
export function swingRoot(e: Expr, env: Env, at?: number): SwingRoot | undefined {
  const swing = swingAngle(e);
  if (!swing) return undefined;
  const { theta, omega, replace } = swing;
  const r = replace(e);
  const origin = new Map([
    [COS.name, ZERO],
    [SIN.name, ZERO],
  ]);
  const [a, b, c0] = [subs(r, origin), diff(r, COS.name), diff(r, SIN.name)].map((x) => simplify(subs(x, origin)));
  // θ decreasing in t (the kernel writes sin(ω(t − t₀)) as −sin(ωt₀ − ωt)): solved in θ′ = −θ,
  // sin θ = −sin θ′, so that the first root after the start is the one found.
  const turn = evaluate(omega, env) < 0 ? -1 : 1;
  const c = simplify(mul(num(turn), c0!));
  // Linear in cos θ and sin θ, and free of them otherwise.
  if ([diff(r, COS.name), diff(r, SIN.name)].some((x) => [COS, SIN].some((s) => simplify(diff(x, s.name)) !== ZERO))) return undefined;
  // At the root cot(θ/2) = b/c, θ/2 ∈ (0, π): cos θ = (b² − c²)/(b² + c²),
  // sin θ = 2bc/(b² + c²) are rational in b and c.
  const theta0 = simplify(mul(num(turn), subs(theta, new Map([[TIME, ZERO]]))));
  let half: Expr;
  let closed: Map<string, Expr>;
  if (a === ZERO && b === ZERO && c !== ZERO) {
    // No constant force (or a damped swing): a root of sin θ, the one at θ = kπ nearest
    // the root sampled at `at` (θ = π from a start at θ = 0; the kernel may have moved
    // the start's phase by π, sin(x − π) = −sin x).
    const k = at === undefined ? 1 : Math.round((turn * evaluate(omega, env) * at + evaluate(theta0, env)) / Math.PI);
    half = mul(num(k / 2), sym('pi'));
    closed = new Map([
      [COS.name, num(k % 2 === 0 ? 1 : -1)],
      [SIN.name, ZERO],
    ]);
  } else if ([a, b, c].every((x) => !dependsOn(x!, TIME))) {
    // c = 0 at the values given: b(cos θ − 1) touches 0 at θ = 2π without crossing it.
    if (simplify(add(a!, b!)) !== ZERO || c === ZERO || evaluate(c!, env) === 0) return undefined;
    const r2 = add(mul(b!, b!), mul(c!, c!));
    half = sub(mul(num(1 / 2), sym('pi')), fn('atan', simplify(mul(b!, pow(c!, -1)))));
    closed = new Map([
      [COS.name, mul(sub(mul(b!, b!), mul(c!, c!)), pow(r2, -1))],
      [SIN.name, mul(num(2 * turn), b!, c!, pow(r2, -1))],
    ]);
  } else return undefined;
  // θ = ωt + θ₀: the root at θ = 2·half.
  const time = simplify(mul(sub(mul(num(2), half), theta0), pow(mul(num(turn), omega), -1)));
  return { time, atRoot: (x) => simplify(cancel(simplify(subs(replace(x), closed)))) };
}

/**
 * The first root after `start` of a swing that starts off the contact's surface (kozlov1988 §2: the elastic line's
 * point at x = 0, pressed below it with a speed, lifted back by the spring and the reversed force): e(t) has sines
 * and cosines of angles α = ±θ + δ, θ = ω(t − start) ≥ 0 and the phases δ free of t, linear in them, so that
 * e = a + b cos θ + c sin θ with a + b = e(start) ≠ 0. In u = tan(θ/2) that is (a − b)u² + 2cu + (a + b) = 0;
 * of its real roots, the one whose θ = 2 arctan u (mod 2π) comes first at the values given, θ/2 = arctan u where
 * u > 0, π + arctan u where u < 0. Undefined outside that class.
 */
export function offSurfaceRoot(e: Expr, env: Env, start: Expr): SwingRoot | undefined {
  const found = [...angles(e, new Set())];
  if (found.length === 0) return undefined;
  const first = simplify(diff(found[0]!, TIME));
  if (first === ZERO || dependsOn(first, TIME)) return undefined;
  // θ = ω(t − start) increasing, ω > 0 at the values given; each angle α = ±θ + δ (the kernel writes cos(√N(t − 1))
  // as cos(√N − √N t)), its turn the sign.
  const omega = evaluate(first, env) < 0 ? simplify(neg(first)) : first;
  const turnOf = (x: Expr): number | undefined => {
    const rate = simplify(diff(x, TIME));
    return simplify(sub(rate, omega)) === ZERO ? 1 : simplify(add(rate, omega)) === ZERO ? -1 : undefined;
  };
  if (found.some((x) => turnOf(x) === undefined)) return undefined;
  const replace = memoPass<Expr>((x, go) => {
    const v = mapChildren(x, go);
    // Any angle of the swing, not only e's: the state at the root is written with angles of other forms.
    const turn = v.kind === 'fn' && (v.name === 'sin' || v.name === 'cos') && dependsOn(v.args[0]!, TIME) ? turnOf(v.args[0]!) : undefined;
    if (v.kind !== 'fn' || turn === undefined) return v;
    const delta = simplify(sub(v.args[0]!, mul(num(turn), omega, sub(sym(TIME), start))));
    const [cd, sd] = [fn('cos', delta), fn('sin', delta)];
    // cos(turn·θ + δ) = cos θ cos δ − turn sin θ sin δ; sin(turn·θ + δ) = turn sin θ cos δ + cos θ sin δ.
    return v.name === 'cos' ? sub(mul(COS, cd), mul(num(turn), SIN, sd)) : add(mul(num(turn), SIN, cd), mul(COS, sd));
  });
  const r = replace(e);
  const origin = new Map([
    [COS.name, ZERO],
    [SIN.name, ZERO],
  ]);
  const [a, b, c] = [subs(r, origin), diff(r, COS.name), diff(r, SIN.name)].map((x) => simplify(subs(x, origin)));
  const linear = [diff(r, COS.name), diff(r, SIN.name)].every((x) => [COS, SIN].every((s) => simplify(diff(x, s.name)) === ZERO));
  if (!linear || [a, b, c].some((x) => dependsOn(x!, TIME))) return undefined;
  const lead = simplify(sub(a!, b!));
  const disc = simplify(sub(add(mul(c!, c!), mul(b!, b!)), mul(a!, a!)));
  if (evaluate(add(a!, b!), env) === 0 || evaluate(lead, env) === 0 || evaluate(disc, env) < 0) return undefined;
  const roots = [1, -1].map((sign) => simplify(cancel(mul(add(neg(c!), mul(num(sign), pow(disc, HALF))), pow(lead, -1)))));
  const angle = (u: Expr): number => (2 * Math.atan(evaluate(u, env)) + 2 * Math.PI) % (2 * Math.PI);
  const u = roots.reduce((x, y) => (angle(y) < angle(x) ? y : x));
  const half = evaluate(u, env) > 0 ? fn('atan', u) : add(sym('pi'), fn('atan', u));
  const r2 = add(num(1), mul(u, u));
  const closed = new Map([
    [COS.name, mul(sub(num(1), mul(u, u)), pow(r2, -1))],
    [SIN.name, mul(num(2), u, pow(r2, -1))],
  ]);
  const time = simplify(add(start, mul(num(2), half, pow(omega, -1))));
  return { time, atRoot: (x) => simplify(cancel(simplify(subs(replace(x), closed)))) };
}
