// The limit of a piece's end that oscillates as a parameter p grows: the
// elastic strip of kozlov1988 §2, released at a root of
// y(t) = g(1 − 2cos θ + cos(√N + θ))/N, θ = √N(t − 1), transcendental for
// every N (Theorem 2). In the fast time θ = √p(t − t₀) the ending condition
// is exactly p^{−r}(A + B cos θ + C sin θ), its coefficients bounded
// functions of the phases P of p (cos √N, sin √N) that have no limit. Where
// B² + C² ≥ A² for every value of the phases, it has a root in every
// interval of θ of length 2π, so the first one after t₀ lies within
// 2π/√p of t₀: the end tends to the piece's start. B² + C² − A² is proved
// non-negative with each cos P and sin P bounded by [−1, 1], after
// sin² P + cos² P = 1 (1 − cos √N ≥ 0 for the strip).
// Tests: test/derive/motion/fast-root.test.ts
import { add, dependsOn, fn, mul, num, pow, sub, sym, termsOf, ZERO, type Expr, type Sym } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { subs } from '../../core/subs.js';
import { mapChildren, memoPass } from '../../core/traverse.js';
import { simplify } from '../../core/trig.js';
import { TIME } from '../../model/names.js';
import { proveNonnegative } from '../proofs/nonnegative.js';
import type { Domain } from '../proofs/sign.js';

/** Half-powers of p tried for the condition's leading order. */
const MAX_HALF_ORDER = 8;

const THETA = sym('θ*');
const [COS, SIN] = [sym('cosθ*'), sym('sinθ*')];

/**
 * The limit of the first root after `start` of `condition` as p → ∞ — the
 * start itself — where the condition oscillates in θ = √p(t − start) as
 * above and the root is proved to lie within one period; else undefined.
 */
export function fastRootLimit(condition: Expr, p: string, start: Expr, domain: Domain): Expr | undefined {
  if (dependsOn(start, p)) return undefined;
  const inFastTime = subs(condition, new Map([[TIME, add(start, mul(THETA, pow(sym(p), num(-1 / 2))))]]));
  const { expr, phases } = splitPhases(simplify(inFastTime), p);
  const leading = leadingOrder(expr, p);
  const inCS = leading && replaceFastTrig(leading);
  if (!inCS || dependsOn(inCS, THETA.name)) return undefined;
  const [B, C] = [diff(inCS, COS.name), diff(inCS, SIN.name)].map(simplify) as [Expr, Expr];
  const A = simplify(
    subs(
      inCS,
      new Map([
        [COS.name, ZERO],
        [SIN.name, ZERO],
      ]),
    ),
  );
  // B² + C² − A² in the phases' sines and cosines, sin² + cos² = 1 used, each then bounded by [−1, 1].
  const discriminant = simplify(subs(sub(add(mul(B, B), mul(C, C)), mul(A, A)), phases));
  const bounded = boundPhases(discriminant, p, domain);
  return bounded && proveNonnegative(bounded.expr, bounded.domain).holds ? start : undefined;
}

/** e with sin(P + Θ), cos(P + Θ) expanded where P collects the argument's terms in p, each sin P, cos P a fresh symbol. */
function splitPhases(e: Expr, p: string): { readonly expr: Expr; readonly phases: Map<string, Expr> } {
  const phases = new Map<string, Expr>();
  const named = new Map<Expr, readonly [Sym, Sym]>();
  const phase = (P: Expr): readonly [Sym, Sym] => {
    const known = named.get(P);
    if (known) return known;
    const k = named.size + 1;
    const pair = [sym(`cosP${k}*`), sym(`sinP${k}*`)] as const;
    phases.set(pair[0].name, fn('cos', P));
    phases.set(pair[1].name, fn('sin', P));
    named.set(P, pair);
    return pair;
  };
  const pass = memoPass<Expr>((u, go) => {
    const v = mapChildren(u, go);
    if (v.kind !== 'fn' || (v.name !== 'sin' && v.name !== 'cos') || !dependsOn(v.args[0]!, p)) return v;
    const terms = termsOf(v.args[0]!);
    const P = add(...terms.filter((t) => dependsOn(t, p)));
    const rest = add(...terms.filter((t) => !dependsOn(t, p)));
    const [cosP, sinP] = phase(P);
    return v.name === 'cos' ? sub(mul(cosP, fn('cos', rest)), mul(sinP, fn('sin', rest))) : add(mul(sinP, fn('cos', rest)), mul(cosP, fn('sin', rest)));
  });
  return { expr: pass(e), phases };
}

/** p^{r}·e free of p and not 0 for the least half-integer r ≥ 0, or undefined. */
function leadingOrder(e: Expr, p: string): Expr | undefined {
  for (let k = 0; k <= MAX_HALF_ORDER; k++) {
    const scaled = simplify(mul(e, pow(sym(p), num(k / 2))));
    if (!dependsOn(scaled, p)) return scaled === ZERO ? undefined : scaled;
  }
  return undefined;
}

/** e with cos θ, sin θ as the symbols COS, SIN where it is of degree 1 in them, or undefined. */
function replaceFastTrig(e: Expr): Expr | undefined {
  const pass = memoPass<Expr>((u, go) => {
    if (u.kind === 'fn' && (u.name === 'sin' || u.name === 'cos') && u.args[0] === THETA) return u.name === 'cos' ? COS : SIN;
    return mapChildren(u, go);
  });
  const out = simplify(pass(e));
  const linear = [COS, SIN].every((s) => simplify(diff(diff(out, s.name), s.name)) === ZERO) && simplify(diff(diff(out, COS.name), SIN.name)) === ZERO;
  return linear ? out : undefined;
}

/** e with each sin and cos of p a fresh symbol ranging over [−1, 1], and the domain extended by them. */
function boundPhases(e: Expr, p: string, domain: Domain): { readonly expr: Expr; readonly domain: Domain } | undefined {
  const variables = new Map(domain.variables);
  let k = 0;
  const pass = memoPass<Expr>((u, go) => {
    if (u.kind === 'fn' && (u.name === 'sin' || u.name === 'cos') && dependsOn(u.args[0]!, p)) {
      const s = sym(`u${++k}*`);
      variables.set(s.name, { bounds: { lo: -1, hi: 1 } });
      return s;
    }
    return mapChildren(u, go);
  });
  const expr = pass(e);
  return dependsOn(expr, p) ? undefined : { expr, domain: { variables } };
}
