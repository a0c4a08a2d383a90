// Support variants of a non-ideal retaining constraint in Smirnov's sense
// (smirnov1981 §1, §3): each of k pairs of opposite support points
// (vanishing clearance) is pressed on its + side, on its − side, or free.
// Only full-support variants (every pair pressed) carry a reaction system
// (1.1); the others are their special cases with some reactions zero, the
// transitions between full variants where F(s) (1.2) takes the value 2⁻ᵐ.
// Tests: test/derive/friction/support-variants.test.ts
import { add, mul, num, pow, type Expr, type Sym } from '../../core/expr.js';
import { evaluate } from '../../core/evaluate.js';
import { subs } from '../../core/subs.js';

/** How one pair of opposite support points bears: +1 pressed on side +, −1 on side −, 0 free. */
export type Side = 1 | -1 | 0;
/** A support variant: one Side per pair of support points. */
export type Variant = readonly Side[];
/** A full-support variant: every pair pressed on one side. */
export type FullVariant = readonly (1 | -1)[];

/** All 3^k variants of k pairs (each pair +, −, free), the first pair varying slowest. */
export function* variants(k: number): Generator<Variant> {
  if (k === 0) {
    yield [];
    return;
  }
  for (const side of [1, -1, 0] as const) for (const rest of variants(k - 1)) yield [side, ...rest];
}

/** The 2^k full-support variants of k pairs, all + first. */
export function* fullVariants(k: number): Generator<FullVariant> {
  if (k === 0) {
    yield [];
    return;
  }
  for (const side of [1, -1] as const) for (const rest of fullVariants(k - 1)) yield [side, ...rest];
}

/** Number of supporting (non-free) pairs of a variant. */
export const supports = (v: Variant): number => v.filter((s) => s !== 0).length;

/**
 * Variant counts of k pairs by enumerating the variants: all, full (every pair bearing) and resting on
 * exactly n pairs, bySupports[n]; smirnov1981 states them as 3ᵏ, 2ᵏ and C(k, n)·2ⁿ (the prism's 243, 32).
 */
export function variantCounts(k: number): { all: number; full: number; bySupports: number[] } {
  const bySupports = Array.from({ length: k + 1 }, () => 0);
  for (const v of variants(k)) bySupports[supports(v)]!++;
  return { all: bySupports.reduce((a, b) => a + b, 0), full: bySupports[k]!, bySupports };
}

/**
 * The switching function (1.2) of a full variant from its reactions Nᵢˢ:
 * F(s) = Πᵢ (1 + sgn Nᵢˢ)/2 — 1 when every reaction is positive, 0 when one is
 * negative, 2⁻ᵐ when m reactions vanish (then 2ᵐ full variants share it).
 */
export const switching = (reactions: readonly number[]): number => reactions.reduce((F, N) => (F * (1 + Math.sign(N))) / 2, 1);

/** The variant actually bearing: pairs whose reaction vanishes are free. */
export const bearing = (v: FullVariant, reactions: readonly number[]): Variant => v.map((s, i) => (reactions[i] === 0 ? 0 : s));

/** The full variant with the given pairs moved to their opposite side. */
export const flip = (v: FullVariant, pairs: readonly number[]): FullVariant => v.map((s, i) => (pairs.includes(i) ? (-s as 1 | -1) : s));

/**
 * The counts in closed form in the number k of pairs (smirnov1981 §2, §3): each pair is free or bears on one of its
 * two faces, independently of the others, so Π over the pairs of (1 + 2z) = (1 + 2z)^k generates the variants by the
 * number r of pairs bearing (C_k^r 2^r, the coefficient of z^r); at z = 1 it counts them all, 3^k, and its z^k term,
 * two faces a pair, the full ones, 2^k.
 */
export function variantCountForms(k: Expr, z: Sym): { readonly generating: Expr; readonly all: Expr; readonly full: Expr } {
  const generating = pow(add(num(1), mul(num(2), z)), k);
  return { generating, all: subs(generating, new Map([[z.name, num(1)]])), full: pow(num(2), k) };
}

/** Whether the closed forms give the enumerated counts at k (env: k's symbols): the polynomial at k + 1 points of z, its value at 1 and its leading term. */
export function countFormsAgree(
  forms: ReturnType<typeof variantCountForms>,
  z: Sym,
  env: Readonly<Record<string, number>>,
  counts: { readonly all: number; readonly full: number; readonly bySupports: readonly number[] },
): boolean {
  const k = counts.bySupports.length - 1;
  const polynomial = (x: number): number => counts.bySupports.reduce((sum, c, r) => sum + c * x ** r, 0);
  return (
    Array.from({ length: k + 1 }, (_, x) => x).every((x) => evaluate(forms.generating, { ...env, [z.name]: x }) === polynomial(x)) &&
    evaluate(forms.all, env) === counts.all &&
    evaluate(forms.full, env) === counts.full
  );
}
