// Which support variant is realized (smirnov1981 §1, §3): the full
// variant whose reactions of (1.1) are all ≥ 0, selected by the switching
// function (1.2). Two ways: Smirnov's two tries, and the enumeration of all
// 2^k full variants with the diagnostics of his §3 as named results —
// self-locking, inconsistency, indeterminacy — never a silent choice.
// Tests: test/derive/friction/support-variants.test.ts
import type { Env } from '../../core/evaluate.js';
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
  const second = flip(
    first,
    one.reactions.flatMap((N, i) => (N < 0 ? [i] : [])),
  );
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

/** A way of bearing solved at numbers: which supports bear, whether its reactions are all ≥ 0, its determinant with and without friction. */
export interface SolvedOption<T> {
  /** The supports that bear (reactions not 0): options with one key are one bearing variant, sharing F(s) = 2⁻ᵏ (1.2). */
  readonly key: string;
  readonly admissible: boolean;
  readonly det: number;
  readonly frictionlessDet: number;
  readonly value: T;
}

/** Smirnov §3 among solved options; self-locking by a singular determinant is the caller's to report. */
export type OptionChoice<T> =
  /** One bearing variant is admissible and its determinant keeps its sign as friction → 0. */
  | { readonly kind: 'realized'; readonly chosen: SolvedOption<T> }
  /** Several are admissible (the ambiguity paradox); the one whose determinant keeps its sign is realized. */
  | { readonly kind: 'indeterminate'; readonly chosen: SolvedOption<T>; readonly admissible: readonly string[] }
  /** Every admissible variant's determinant changes sign as friction → 0. */
  | { readonly kind: 'self-locking'; readonly cause: 'sign-change'; readonly admissible: readonly string[] }
  /** No variant has all reactions ≥ 0 (self-locking too, in Smirnov's §3). */
  | { readonly kind: 'inconsistent' }
  /** Several admissible variants keep their determinant's sign: the criterion does not decide. */
  | { readonly kind: 'undecided'; readonly admissible: readonly string[] };

const keepsSign = (o: SolvedOption<unknown>): boolean => Math.sign(o.det) === Math.sign(o.frictionlessDet);

/** The realized option by Smirnov's §3: admissible, and its determinant keeps its sign as every friction coefficient → 0. */
export function chooseOption<T>(options: readonly SolvedOption<T>[]): OptionChoice<T> {
  const byKey = new Map<string, SolvedOption<T>>();
  for (const o of options.filter((x) => x.admissible)) if (!byKey.has(o.key) || keepsSign(o)) byKey.set(o.key, o);
  const keys = [...byKey.keys()];
  const kept = [...byKey.values()].filter(keepsSign);
  if (!keys.length) return { kind: 'inconsistent' };
  if (!kept.length) return { kind: 'self-locking', cause: 'sign-change', admissible: keys };
  if (kept.length > 1) return { kind: 'undecided', admissible: keys };
  return keys.length === 1 ? { kind: 'realized', chosen: kept[0]! } : { kind: 'indeterminate', chosen: kept[0]!, admissible: keys };
}

// ------------------------------------------------------------ (2.4) the n-gon journal

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
  // on each of them): one option key, which keeps its determinant's sign if one of them does.
  const bearingOf = (s: SolvedVariant): Variant => bearing(s.variant, s.reactions);
  const choice = chooseOption(
    solved.map(
      (s): SolvedOption<SolvedVariant> => ({ key: key(bearingOf(s)), admissible: admissible(s), det: s.det, frictionlessDet: s.frictionlessDet, value: s }),
    ),
  );
  const variants = (keys: readonly string[]): Variant[] => keys.map((k) => k.split(',').map(Number) as Variant[number][]);
  switch (choice.kind) {
    case 'inconsistent':
      return choice;
    case 'self-locking':
      return { kind: 'self-locking', cause: 'sign-change', variants: variants(choice.admissible) };
    case 'undecided':
      return { kind: 'undecided', admissible: variants(choice.admissible) };
    case 'realized':
      return { kind: 'realized', variant: bearingOf(choice.chosen.value), solved: choice.chosen.value };
    case 'indeterminate':
      return { kind: 'indeterminate', variant: bearingOf(choice.chosen.value), solved: choice.chosen.value, admissible: variants(choice.admissible) };
  }
}
