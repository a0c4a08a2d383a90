// A sum that a block of printed equations repeats, named once as a paper
// names it: the pendulum at a wall's accelerations and impact map divide
// by m₁cos²q₂ + m₂sin²(q₁ − q₂) in every row; printed as D with "where
// D = …" under the block, each row reads at a glance. A report's sections
// share one namer: a sum named before keeps its letter, another sum takes
// the next letter (Z, Y, G), so that one letter keeps one meaning (the
// hinged compass's contact phase and impact name different sums), and none
// takes a letter the model's own prose names (rubanovich1981's foot D and
// matrix G in the hinged compass's description). A sum in one contact's
// sliding direction sgn ṡⱼ takes the letter of the same sum in another's,
// numbered by the contact: the rod's ends divide by D₁ and D₂,
// 1 + 3(cos θ + μ sgn ṡ sin θ) cos θ of each end. Printing only: the
// derivation's expressions are unchanged (the patch law's discriminant Δ
// is named by its own section, patch.ts).
// Tests: test/report/repeats.test.ts.
import { add, children, freeSymbols, hasNegativeSign, isZero, neg, sym, type Expr } from '../core/expr.js';
import { subs } from '../core/subs.js';
import { symbolRole } from '../model/names.js';
import { expand } from '../core/expand.js';
import { mapChildren, memoPass } from '../core/traverse.js';
import type { Model } from '../model/types.js';
import { m, paragraph, type Block } from './document.js';
import { math, mechanicsSymbol, tidy } from './notation.js';
import { toLatex, type LatexOptions } from './latex.js';

/** A sum is named when at least this many of a block's expressions contain it… */
const MIN_USES = 3;
/** …and it prints at least this long (LaTeX characters): a short sum reads better in place. */
const MIN_LENGTH = 45;

/** A block's expressions with its most repeated long sum replaced by a name, and that name's definition. */
export interface NamedRepeat {
  readonly exprs: readonly Expr[];
  readonly name?: { readonly symbol: Expr; readonly value: Expr };
}

/** The letters a report's named sums take in turn: not W nor U, the Delassus matrix and the contact velocities of the energy discussion. */
const LETTERS = ['D', 'Z', 'Y', 'G'] as const;

/**
 * A report's letters for its named sums: a sum's letter, the same for the same sum (undefined: none left); `known`
 * the letter of a sum named already, without naming one.
 */
export interface SumNamer {
  (sum: Expr): string | undefined;
  readonly known: (sum: Expr) => string | undefined;
}

/**
 * The namer of one report, the sums of `before` (an earlier section's)
 * named first: D, then Z, Y, G for other sums, a letter that names no
 * parameter or coordinate nor stands alone in the model's prose; none where
 * D names a parameter or coordinate, nor beside the dissipation function D
 * of a compliant contact.
 */
export function sumNamer(model: Model, before: readonly Expr[] = []): SumNamer {
  const symbols = new Set([...model.parameters, ...model.coordinates].map((x) => mechanicsSymbol(x.name)));
  const taken = new Set([...symbols, ...proseLetters(model)]);
  const none = symbols.has('D') || (model.compliant?.length ?? 0) > 0;
  const letters = new Map<string, string>();
  const contacts = model.unilateral.map((u) => u.name);
  const numbered = (letter: string | undefined, contact: number | undefined): string | undefined =>
    letter && contact !== undefined ? `${letter}_${contact + 1}` : letter;
  const name = (sum: Expr): string | undefined => {
    if (none) return undefined;
    const { key, contact } = sumKey(sum, contacts);
    const used = new Set(letters.values());
    const letter = letters.get(key) ?? LETTERS.find((l) => !taken.has(l) && !used.has(l));
    if (letter) letters.set(key, letter);
    return numbered(letter, contact);
  };
  const known = (sum: Expr): string | undefined => {
    const { key, contact } = sumKey(sum, contacts);
    return numbered(letters.get(key), contact);
  };
  for (const sum of before) name(sum);
  return Object.assign(name, { known });
}

/** The sum's key, with the sliding direction sgn ṡⱼ of the one contact it holds made generic, and that contact. */
function sumKey(sum: Expr, contacts: readonly string[]): { key: string; contact?: number } {
  const signs = [...freeSymbols(sum)].flatMap((n) => {
    const role = symbolRole(sym(n));
    return role?.role === 'slip-sign' ? [{ n, contact: contacts.indexOf(role.label) }] : [];
  });
  if (signs.length !== 1 || signs[0]!.contact < 0) return { key: math(sum) };
  return { key: math(subs(sum, new Map([[signs[0]!.n, GENERIC_SIGN]]))), contact: signs[0]!.contact };
}

/** The sliding direction of no contact in particular, in a sum's key. */
const GENERIC_SIGN = sym('sgn_s_generic');

/** e with every sum the namer has named written with its name (the sliding coefficient D₁/m over the D₁ of the contact phases). */
export function inKnownNames(namer: SumNamer, e: Expr): Expr {
  return memoPass<Expr>((u, go) => {
    const letter = u.kind === 'add' ? namer.known(u) : undefined;
    return letter ? sym(letter) : mapChildren(u, go);
  })(tidy(e));
}

/** The capital letters standing alone in the model's prose (its description and its coordinates', parameters' and contacts'): the points and matrices its paper names. */
function proseLetters(model: Model): Set<string> {
  const described = [...model.coordinates, ...model.parameters, ...(model.unilateral ?? [])];
  const texts = [model.description, ...described.map((x) => x.description)];
  return new Set(texts.flatMap((t = '') => [...t.matchAll(/(?<![\p{L}\p{N}_\\])[A-Z](?![\p{L}\p{N}_])/gu)].map((m) => m[0])));
}

/** The sum a block's expressions, tidied as printed, repeat that saves the most print (uses × length); undefined: none does. */
export function repeatedSum(tidied: readonly Expr[]): Expr | undefined {
  const uses = new Map<Expr, number>();
  for (const e of tidied) for (const s of new Set([...sumsIn(e)].map(signless))) uses.set(s, (uses.get(s) ?? 0) + 1);
  let best: Expr | undefined;
  let saving = 0;
  for (const [s, n] of uses) {
    if (n < MIN_USES) continue;
    const length = math(s).length;
    if (length >= MIN_LENGTH && n * length > saving) [best, saving] = [s, n * length];
  }
  return best;
}

/** The block's expressions, tidied as printed, with their repeated sum written with the report's letter for it (D alone by default). */
export function nameRepeated(model: Model, exprs: readonly Expr[], namer: SumNamer = sumNamer(model)): NamedRepeat {
  const tidied = exprs.map(tidy);
  const best = repeatedSum(tidied);
  const letter = best && namer(best);
  if (!best || !letter) return { exprs };
  const name = { symbol: sym(letter), value: best };
  return { exprs: tidied.map(withName(name)), name };
}

/**
 * A sum with a leading minus as its negation: −D is D's use too (the
 * compass walker's condition divides by l(2mb − …) − mb², which is −D).
 */
const signless = (s: Expr): Expr => (hasNegativeSign(s) ? neg(s) : s);

/**
 * e with the named sum, and its negation, written with the name: the
 * negation as any sum of as many terms that adds to it to zero (the
 * compass walker's l(2mb − l(…)) − mb² against D = mb² + l(l(…) − 2mb)).
 */
function withName(name: { readonly symbol: Expr; readonly value: Expr }): (e: Expr) => Expr {
  const { symbol, value } = name;
  const negSymbol = neg(symbol);
  const negates = (u: Expr): boolean => u.kind === 'add' && value.kind === 'add' && u.terms.length === value.terms.length && isZero(expand(add(u, value)));
  return memoPass<Expr>((u, go) => (u === value ? symbol : negates(u) ? negSymbol : mapChildren(u, go)));
}

/** Other expressions written with the name a block defined: an impact mode's conditions over the D of its equations. */
export function inName(named: NamedRepeat, exprs: readonly Expr[]): readonly Expr[] {
  if (!named.name) return exprs;
  const replace = withName(named.name);
  return exprs.map((e) => replace(tidy(e)));
}

/** The paragraph under a block that defines its name, if it has one. */
export function whereBlocks(named: NamedRepeat, notation?: LatexOptions): Block[] {
  // In another notation (a mirror image's exchanged names, notation.ts exchangedNotation) the name's value is printed in it.
  const tex = (e: Expr): string => (notation ? toLatex(tidy(e), notation) : math(e));
  return named.name ? [paragraph('where ', m(`${tex(named.name.symbol)} = ${tex(named.name.value)}`), '.')] : [];
}

/** The distinct sums in e (each shared node visited once). */
function sumsIn(e: Expr): Set<Expr> {
  const sums = new Set<Expr>();
  const seen = new Set<Expr>();
  const stack = [e];
  while (stack.length) {
    const u = stack.pop()!;
    if (seen.has(u)) continue;
    seen.add(u);
    if (u.kind === 'add') sums.add(u);
    stack.push(...children(u));
  }
  return sums;
}
