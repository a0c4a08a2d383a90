// Sign reasoning for printed admissibility conditions: factors that are
// positive under stated assumptions are dropped from an inequality, so a
// mode condition reads like the paper's (Rubanovich–Formalsky (1.17)):
// "−(4 l m ψ̇⁻ sin α)/(1 + 3 sin²α) ≥ 0" becomes, for ψ̇⁻ < 0, "sin α ≥ 0".
//
// Conservative: a factor is dropped only when it is provably positive from
// the assumptions (named symbols positive, even powers and sums of
// nonnegative terms with a positive constant, exp, |x| + c, …); anything
// else stays in the printed condition.
import * as Q from '../core/rational.js';
import { freeSymbols, mul, num, pow, unreachable, type Expr, type Factor } from '../core/expr.js';
import { evaluate } from '../core/evaluate.js';

export type Sign = 'positive' | 'nonnegative' | 'unknown';

/** What is known of e's sign when every symbol in `positive` is > 0. */
export function signOf(e: Expr, positive: ReadonlySet<string>): Sign {
  switch (e.kind) {
    case 'num':
      return Q.isNegative(e.value) ? 'unknown' : Q.isZero(e.value) ? 'nonnegative' : 'positive';
    case 'sym':
      return positive.has(e.name) ? 'positive' : 'unknown';
    case 'pow':
      return factorSign({ base: e.base, exp: e.exp }, positive);
    case 'mul': {
      if (Q.isNegative(e.coeff)) return 'unknown';
      let all: Sign = 'positive';
      for (const f of e.factors) {
        const s = factorSign(f, positive);
        if (s === 'unknown') return 'unknown';
        if (s === 'nonnegative') all = 'nonnegative';
      }
      return all;
    }
    case 'add': {
      if (Q.isNegative(e.constant)) return 'unknown';
      let strict = Q.isNegative(Q.neg(e.constant)); // constant > 0
      for (const t of e.terms) {
        if (Q.isNegative(t.coeff)) return 'unknown';
        const s = signOf(t.expr, positive);
        if (s === 'unknown') return 'unknown';
        if (s === 'positive') strict = true;
      }
      return strict ? 'positive' : 'nonnegative';
    }
    case 'fn':
      if (e.name === 'exp') return 'positive';
      if (e.name === 'abs') return 'nonnegative';
      return 'unknown';
    default:
      return unreachable(e);
  }
}

function factorSign(f: Factor, positive: ReadonlySet<string>): Sign {
  const base = signOf(f.base, positive);
  if (f.exp.kind === 'num' && f.exp.value.d === 1 && f.exp.value.n % 2 === 0) {
    // An even power is nonnegative, positive when its base is.
    return base === 'positive' ? 'positive' : f.exp.value.n > 0 ? 'nonnegative' : 'unknown';
  }
  if (base === 'positive') return 'positive';
  if (base === 'nonnegative' && f.exp.kind === 'num' && !Q.isNegative(f.exp.value)) return 'nonnegative';
  return 'unknown';
}

/**
 * Whether e > 0 throughout the declared open ranges of the parameters it
 * depends on (all of its symbols must have one): checked on a grid of the
 * range box, at most two parameters — a check, not a proof, used only to
 * shorten printed conditions such as sin α > 0 for α ∈ (0, π/2).
 */
export function positiveOnRanges(e: Expr, ranges: ReadonlyMap<string, readonly [number, number]>): boolean {
  const names = [...freeSymbols(e)].filter((s) => s !== 'pi');
  if (names.length === 0 || names.length > 2 || names.some((s) => !ranges.has(s))) return false;
  const steps = 40;
  const grid = (name: string): number[] => {
    const [lo, hi] = ranges.get(name)!;
    return Array.from({ length: steps - 1 }, (_, i) => lo + ((i + 1) * (hi - lo)) / steps);
  };
  const [a, b] = names;
  for (const x of grid(a!)) {
    for (const y of b ? grid(b) : [0]) {
      const v = evaluate(e, b ? { [a!]: x, [b]: y } : { [a!]: x });
      if (!(v > 0)) return false;
    }
  }
  return true;
}

/**
 * e with its provably positive factors removed: same sign as e wherever
 * the assumptions hold (c·Πfᵢ → sign(c)·Π{fᵢ not provably positive}).
 */
export function dropPositiveFactors(e: Expr, positive: ReadonlySet<string>, alsoPositive: (f: Expr) => boolean = () => false): Expr {
  if (e.kind === 'num') return num(Math.sign(e.value.n));
  if (e.kind !== 'mul' && e.kind !== 'pow') return signOf(e, positive) === 'positive' || alsoPositive(e) ? num(1) : e;
  const factors: readonly Factor[] = e.kind === 'mul' ? e.factors : [{ base: e.base, exp: e.exp }];
  const coeff = e.kind === 'mul' ? e.coeff : Q.ONE;
  const kept = factors.filter((f) => factorSign(f, positive) !== 'positive' && !alsoPositive(pow(f.base, f.exp))).map((f) => pow(f.base, f.exp));
  return mul(num(Math.sign(coeff.n)), ...kept);
}
