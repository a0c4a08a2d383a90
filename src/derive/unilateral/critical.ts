// The critical value of a parameter across which an impact's admissible
// mode switches — Rubanovich–Formalsky's α₀ = arcsin(1/√3) for the compass:
// for α < α₀ the standing leg lifts off, for α ≥ α₀ it stays.
//
// Found numerically first (scan of the parameter's range at the default
// values of the others and the declared signs of the pre-impact velocities,
// then bisection on the condition that changes sign), then, where the
// factor that changes sign is a polynomial of degree ≤ 2 in the parameter,
// its sine, its cosine or the cosine of its double, in closed form — kept only if it evaluates to the
// numeric root. The closed form is 'exact' when the polynomial vanishes at
// it symbolically (c₀ + c₁u + c₂u² simplifies to 0 at u = 1/√3).
import * as Q from '../../core/rational.js';
import { add, dependsOn, fn, freeSymbols, HALF, mul, neg, num, pow, sqrt, termsOf, ZERO, type Expr, type Sym } from '../../core/expr.js';
import { evaluate, type Env } from '../../core/evaluate.js';
import { expand } from '../../core/expand.js';
import { collectFactors } from '../../core/factor.js';
import { pythagoreanIn, simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import { preImpactName } from '../../model/names.js';
import type { CriticalValue, ImpactMap } from './unilateral-types.js';

const SCAN = 400;

export function criticalValue(model: Model, im: ImpactMap): CriticalValue | undefined {
  const name = im.scenario.critical;
  const param = model.parameters.find((p) => p.name === name);
  // A scan needs both ends: the scenario's validation refuses a one-sided range (model/validate/scenarios.ts).
  const [lower, upper] = param?.range ?? [];
  if (!name || !param || !lower || !upper) return undefined;
  const base: Record<string, number> = {};
  for (const p of model.parameters) base[p.name] = p.default;
  for (const c of model.coordinates) base[preImpactName(c.name)] = im.scenario.approach.get(c.name) ?? 1;
  const lo = evaluate(lower, base);
  const hi = evaluate(upper, base);
  const envAt = (v: number): Env => ({ ...base, [name]: v });
  // The admissible modes at a value, as a string signature.
  const admissible = (v: number): number[] =>
    im.modes.flatMap((mode, k) => (mode.conditions.every((c) => evaluate(c.expr, envAt(v)) >= -1e-12 * scaleOf(c.expr, envAt(v))) ? [k] : []));
  const signature = (v: number): string => admissible(v).join(',');
  let prev = lo + (hi - lo) / (2 * SCAN);
  for (let i = 1; i < SCAN; i++) {
    const v = lo + ((i + 0.5) * (hi - lo)) / SCAN;
    if (signature(v) === signature(prev)) {
      prev = v;
      continue;
    }
    // The condition whose sign differs at the two ends, then bisection on it.
    const conditions = im.modes.flatMap((m) => m.conditions.map((c) => c.expr));
    const changing = conditions.find((c) => Math.sign(evaluate(c, envAt(prev))) !== Math.sign(evaluate(c, envAt(v))));
    if (!changing) return undefined;
    const root = bisect((x) => evaluate(changing, envAt(x)), prev, v);
    const factor = collectFactorsOf(changing).find(
      (f) => Math.sign(evaluate(f, envAt(root - 1e-7 * (hi - lo)))) !== Math.sign(evaluate(f, envAt(root + 1e-7 * (hi - lo)))),
    );
    if (!factor) return undefined;
    const closed = solveClosedForm(factor, param.symbol, base, lo, hi);
    const agrees = closed !== undefined && Math.abs(evaluate(closed.value, base) - root) <= 1e-9 * Math.max(1, Math.abs(root));
    const value = agrees ? closed.value : undefined;
    const established = !agrees ? 'numeric' : closed.exact ? 'exact' : 'numeric check';
    const others = [...freeSymbols(factor)].filter((s) => s !== name);
    return {
      parameter: name,
      ...(value ? { value } : {}),
      numeric: root,
      established,
      below: admissible(root - 1e-6 * (hi - lo)),
      above: admissible(root + 1e-6 * (hi - lo)),
      factor,
      alone: others.length === 0,
    };
  }
  return undefined;
}

function scaleOf(e: Expr, env: Env): number {
  return termsOf(expand(e)).reduce((s, t) => s + Math.abs(evaluate(t, env)), 0);
}

function bisect(f: (x: number) => number, a: number, b: number): number {
  let fa = f(a);
  for (let i = 0; i < 200 && b - a > 1e-15 * Math.max(1, Math.abs(a)); i++) {
    const m = (a + b) / 2;
    const fm = f(m);
    if (Math.sign(fm) === Math.sign(fa)) {
      a = m;
      fa = fm;
    } else b = m;
  }
  return (a + b) / 2;
}

/** The factors of e with common factors pulled out (sums kept whole). */
function collectFactorsOf(e: Expr): Expr[] {
  const c = collectFactors(e);
  if (c.kind !== 'mul') return [c];
  return c.factors.map((f) => pow(f.base, f.exp));
}

/**
 * Root of factor = 0 in (lo, hi): a polynomial of degree ≤ 2 in x, sin x,
 * cos x (cos² and sin² rewritten to the other where that removes them) or cos 2x.
 * `exact`: the polynomial vanishes at the root u symbolically (then, with
 * sin(arcsin u) = u for |u| ≤ 1, the factor vanishes at the value).
 */
function solveClosedForm(factor: Expr, x: Sym, env: Env, lo: number, hi: number): { value: Expr; exact: boolean } | undefined {
  const base = factor.kind === 'pow' && factor.exp.kind === 'num' && factor.exp.value.n < 0 ? factor.base : factor;
  const candidates: [Expr, (u: Expr) => Expr, Expr][] = [
    [x, (u) => u, base],
    [fn('sin', x), (u) => fn('asin', u), pythagoreanIn(base, x, 'cos')],
    [fn('cos', x), (u) => fn('acos', u), pythagoreanIn(base, x, 'sin')],
    // The double angle as the papers keep it: the rimless wheel's I* + cos 2α (R–F (2.8)), α₀ = ½ arccos(−I*).
    [fn('cos', mul(num(2), x)), (u) => mul(HALF, fn('acos', u)), base],
  ];
  for (const [atom, inverse, poly] of candidates) {
    const coeffs = polynomialIn(poly, atom, x);
    if (!coeffs) continue;
    for (const u of roots(coeffs)) {
      const value = simplify(inverse(u));
      const v = evaluate(value, env);
      if (!(v > lo && v < hi)) continue;
      const [c0, c1, c2] = coeffs;
      return { value, exact: simplify(add(c0!, mul(c1!, u), mul(c2!, pow(u, 2)))) === ZERO };
    }
  }
  return undefined;
}

/** Coefficients [c0, c1, c2] of e as a polynomial of degree ≤ 2 in `atom`, with no other dependence on x. */
function polynomialIn(e: Expr, atom: Expr, x: Sym): Expr[] | undefined {
  const coeffs: Expr[][] = [[], [], []];
  for (const t of termsOf(expand(e))) {
    const fs = t.kind === 'mul' ? t.factors : t.kind === 'pow' ? [{ base: t.base, exp: t.exp }] : [{ base: t, exp: num(1) }];
    const f = fs.find((f) => f.base === atom);
    const k = f ? (f.exp.kind === 'num' && f.exp.value.d === 1 ? f.exp.value.n : -1) : 0;
    if (k < 0 || k > 2) return undefined;
    const rest = f ? simplify(mul(t, pow(atom, -k))) : t;
    if (dependsOn(rest, x.name)) return undefined;
    coeffs[k]!.push(rest);
  }
  if (coeffs[1]!.length === 0 && coeffs[2]!.length === 0) return undefined;
  return coeffs.map((c) => simplify(add(...c)));
}

/** Real roots of c0 + c1 u + c2 u² (symbolic; the square root only when c1 = 0). */
function roots([c0, c1, c2]: Expr[]): Expr[] {
  const zero = (e: Expr): boolean => e.kind === 'num' && Q.isZero(e.value);
  if (zero(c2!)) return zero(c1!) ? [] : [simplify(neg(mul(c0!, pow(c1!, -1))))];
  if (!zero(c1!)) return [];
  const r = simplify(neg(mul(c0!, pow(c2!, -1))));
  // √(1/q) as 1/√q, the way the papers write arcsin(1/√3).
  const root = r.kind === 'num' && r.value.n === 1 ? pow(num(r.value.d), num(-0.5)) : sqrt(r);
  return [root, neg(root)];
}
