// Which support variant is realized (Smirnov, SEEDS.md §001): the full
// variant whose reactions of (1.1) are all ≥ 0, selected by the switching
// function (1.2). Two ways: Smirnov's two tries, and the enumeration of all
// 2^k full variants with the diagnostics of his §3 as named results —
// self-locking, inconsistency, indeterminacy — never a silent choice.
// Tests: test/derive/support-variants.test.ts
import { type Env } from '../core/evaluate.js';
import { frictionless, solveNumeric, type ReactionSystem } from './support-reactions.js';
import { bearing, flip, fullVariants, switching, type FullVariant, type Variant } from './support-variants.js';

/** A full variant solved at numbers, with the sign its determinant has once every friction coefficient is 0. */
export interface SolvedVariant {
  readonly variant: FullVariant;
  readonly reactions: readonly number[];
  readonly det: number;
  readonly frictionlessDet: number;
}

const admissible = (v: SolvedVariant): boolean => switching(v.reactions) > 0;
const keepsSign = (v: SolvedVariant): boolean => Math.sign(v.det) === Math.sign(v.frictionlessDet);

/** Solve one variant; undefined when its determinant vanishes. */
function solveVariant(system: ReactionSystem, variant: FullVariant, env: Env): SolvedVariant | undefined {
  const r = solveNumeric(system, variant, env);
  const r0 = solveNumeric(system, variant, frictionless(system, env));
  if (r.kind === 'singular') return undefined;
  return { variant, reactions: r.reactions, det: r.det, frictionlessDet: r0.kind === 'solved' ? r0.det : 0 };
}

/**
 * Smirnov's rule: solve (1.1) for a first guess, move the pairs whose
 * reactions came out negative to their other side, solve again. Returns the
 * tries made (one or two variants) and the admissible one found (all
 * reactions ≥ 0), if any; a singular try ends the attempt. Exact without
 * friction (a⁻ = −a⁺: every variant solves one signed system); with friction
 * a side's friction terms can flip another pair's reaction between the tries,
 * so the rule may miss (the test shows a case) — selectVariant decides.
 */
export function twoTries(system: ReactionSystem, env: Env, first: FullVariant): { tries: FullVariant[]; found: SolvedVariant | undefined } {
  const tries = [first];
  const one = solveVariant(system, first, env);
  if (!one || admissible(one)) return { tries, found: one };
  const second = flip(first, one.reactions.flatMap((N, i) => (N < 0 ? [i] : [])));
  tries.push(second);
  const two = solveVariant(system, second, env);
  return { tries, found: two && admissible(two) ? two : undefined };
}

/** The outcome of selecting the realized variant (Smirnov §3). */
export type Selection =
  /** One bearing variant has all reactions ≥ 0 and its determinant keeps its sign as friction → 0. */
  | { readonly kind: 'realized'; readonly variant: Variant; readonly solved: SolvedVariant }
  /** Several bearing variants are admissible; the one whose determinant keeps its sign as friction → 0 is realized. */
  | { readonly kind: 'indeterminate'; readonly variant: Variant; readonly solved: SolvedVariant; readonly admissible: readonly Variant[] }
  /** Self-locking: det(1.1) = 0 for a variant (reactions unbounded), or every admissible variant's determinant changes sign as friction → 0. */
  | { readonly kind: 'self-locking'; readonly cause: 'singular' | 'sign-change'; readonly variants: readonly Variant[] }
  /** No full variant has all reactions ≥ 0. */
  | { readonly kind: 'inconsistent' }
  /** Several admissible bearing variants keep their determinant's sign: Smirnov's criterion does not decide. */
  | { readonly kind: 'undecided'; readonly admissible: readonly Variant[] };

const key = (v: Variant): string => v.join(',');

/** Enumerate the 2^k full variants, solve each, and name the outcome. */
export function selectVariant(system: ReactionSystem, env: Env): Selection {
  const solved: SolvedVariant[] = [];
  const singular: FullVariant[] = [];
  for (const v of fullVariants(system.pairs.length)) {
    const s = solveVariant(system, v, env);
    if (s) solved.push(s);
    else singular.push(v);
  }
  if (singular.length) return { kind: 'self-locking', cause: 'singular', variants: singular };
  // Full variants sharing vanishing reactions are one bearing variant (F(s) = 2⁻ᵐ
  // on each of them); it keeps its determinant's sign if one of them does.
  const bearingOf = (s: SolvedVariant): Variant => bearing(s.variant, s.reactions);
  const distinct = new Map<string, SolvedVariant>();
  for (const s of solved.filter(admissible)) {
    const k = key(bearingOf(s));
    if (!distinct.has(k) || keepsSign(s)) distinct.set(k, s);
  }
  const candidates = [...distinct.values()];
  if (!candidates.length) return { kind: 'inconsistent' };
  const kept = candidates.filter(keepsSign);
  if (!kept.length) return { kind: 'self-locking', cause: 'sign-change', variants: candidates.map(bearingOf) };
  if (kept.length > 1) return { kind: 'undecided', admissible: candidates.map(bearingOf) };
  const realized = kept[0]!;
  return candidates.length === 1
    ? { kind: 'realized', variant: bearingOf(realized), solved: realized }
    : { kind: 'indeterminate', variant: bearingOf(realized), solved: realized, admissible: candidates.map(bearingOf) };
}
