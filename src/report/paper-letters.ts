// One value per letter in a report's paper sections. The paper's formulas
// name their own symbols (kozlov1988 §4's p, I₁, T; the model file's D for a
// derived side), and each row binds them to derived values
// (PaperFormula.where), so one letter may stand for different values in
// different rows (D the lower spring's p in one row, the upper's in the
// next). Within one report a letter keeps one value: bound to one value
// everywhere it is defined once; bound to several, one value keeps the
// letter (the one most rows share, or else the widest, never a bare number,
// and only where two rows share it or it is too wide for a line) and every
// other row prints its formula with its own value in place, in the table's
// cells or, too wide for them, displayed under the table; a value that would
// push its row's formula past a line gets a fresh letter (h₂, ẋ⁺₂) instead.
// A letter bound to a law of motion another row names (kozlov1988 (4.2)'s
// y₀(t)) prints as that name and is no letter of its own.
// Tests: test/report/paper-letters.test.ts.
import { freeSymbols, neg, sym, type Expr, type Sym } from '../core/expr.js';
import { subs } from '../core/subs.js';
import { simplify } from '../core/trig.js';
import { accelerationSymbol, namedResultSymbol, numberedSymbol, postImpactSymbol, velocityJumpSymbol } from '../model/names.js';
import type { PaperCheckRow } from '../studies/paper-check.js';
import { texWidth, toLatex } from './latex.js';
import { LINE_WIDTH, math, mechanicsSymbol } from './notation.js';
import { inNamedFacts } from './named-facts.js';
import { derivedLeft, namedFacts } from './paper-displays.js';

/** A row with the where symbols it prints as their values, since the letter stands for another value elsewhere in the report. */
export interface LetteredRow extends PaperCheckRow {
  readonly inPlace: ReadonlyMap<string, Expr>;
}

/** A letter the report defines once: its printed symbol, the first row binding it to its value and its name there. */
export interface Letter {
  readonly symbol: string;
  readonly row: number;
  readonly name: string;
  readonly value: Expr;
  /** The number it stands for where a measured fact binds it (a run's energy h). */
  readonly measured?: number;
}

/** A measured number as the expression printed in its place: six significant digits, a number atom (numberExpr), not a 53-bit fraction. */
export function measuredValue(v: number): Expr {
  const x = Number(v.toPrecision(6));
  return x < 0 ? neg(sym(String(-x))) : sym(String(x));
}

interface Use {
  readonly row: number;
  readonly name: string;
}
interface Value {
  readonly value: Expr;
  readonly measured?: number;
  readonly uses: Use[];
}

/** Printed width (texWidth) up to which a letter's value is given in a line ("In the formulas"); a wider one is displayed. */
export const BINDING_WIDTH = 40;

/** How much wider than the paper's formula a row may print with its values set in before they get fresh letters. */
const GROWTH = 1.5;

/** A bare number, measured or exact: a value two rows share by chance (0 as two different limits), never the letter's meaning. */
const bare = (v: Value): boolean => v.measured !== undefined || v.value.kind === 'num';

/**
 * The rows with what each prints in place of its letters, and the letters
 * the report defines once, in the order the rows first bind them.
 */
export function paperLetters(
  rows: readonly PaperCheckRow[],
  modeWords: (fact: string) => string | undefined = () => undefined,
): { rows: LetteredRow[]; letters: Letter[] } {
  const byLetter = new Map<string, Map<string, Value>>();
  const named = namedFacts(rows);
  const inPlaceOf = rows.map(() => new Map<string, Expr>());
  rows.forEach((r, row) => {
    if (!r.formula.formula) return;
    // A letter bound to a law of motion another row names under a name of its own prints as that name, no letter of its own.
    for (const [name, law] of namedLaws(r, named)) inPlaceOf[row]!.set(name, namedResultSymbol(law));
    // A left side defines the letters its cell prints (derivedSide): all in letters, in its value only those of facts rows name.
    const side = derivedSide(r, named);
    const left = side ? [...freeSymbols(r.formula.left!)].filter((s) => side.letters || !placeholder(r, s, named)) : [];
    const printed = new Set([...freeSymbols(r.formula.formula), ...left]);
    for (const [name, v] of r.bindings) {
      const measured = r.measured?.bindings.get(name);
      if (!printed.has(name) || (measured === undefined && inPlace(v)) || inPlaceOf[row]!.has(name)) continue;
      const value = measured === undefined ? v : measuredValue(measured);
      const key = whereSymbol(r, name);
      const values = byLetter.get(key) ?? new Map<string, Value>();
      const id = measured === undefined ? math(v) : `#${measured}`;
      const known = values.get(id) ?? { value, uses: [], ...(measured === undefined ? {} : { measured }) };
      known.uses.push({ row, name });
      values.set(id, known);
      byLetter.set(key, values);
    }
  });
  // A fresh letter is the symbol the where symbol prints as, numbered with an index that nothing the rows print
  // already is (μ₂ beside μ, ẋ⁺₂ beside ẋ⁺: numberedSymbol keeps the velocity's accent and sign).
  const taken = new Set([
    ...byLetter.keys(),
    ...rows.flatMap((r) =>
      [
        ...r.bindings.keys(),
        ...[...r.bindings.values()].flatMap((v) => [...freeSymbols(v)]),
        ...[r.formula.formula, r.formula.left].flatMap((e) => (e ? [...freeSymbols(e)] : [])),
      ].map(mechanicsSymbol),
    ),
  ]);
  const fresh = (name: string): string => {
    let k = 2;
    while (taken.has(mechanicsSymbol(numberedSymbol(sym(name), k).name))) k++;
    const { name: numbered } = numberedSymbol(sym(name), k);
    taken.add(mechanicsSymbol(numbered));
    return numbered;
  };
  const letters: Letter[] = [];
  const define = (v: Value, symbol: string): void => {
    letters.push({ symbol, row: v.uses[0]!.row, name: v.uses[0]!.name, value: v.value, ...(v.measured === undefined ? {} : { measured: v.measured }) });
  };
  // A row whose formula, its values set in, grows past a line and by half (kozlov1988 (5.6): v, w and h at x = 0 set
  // three times into a short formula): its values are named by fresh letters instead, the paper's formula kept in shape.
  const overflows = (row: number, values: readonly Value[]): boolean => {
    const { formula: f, left } = rows[row]!.formula;
    if (!f) return false;
    const set = new Map(values.filter((v) => !bare(v)).flatMap((v) => v.uses.filter((u) => u.row === row).map((u) => [u.name, v.value] as const)));
    // As the row prints it, untidied: tidying would fold the set-in values into a short form the row does not show.
    // The wider side where the row prints a derived side before the paper's (kozlov1988 §5: y = a/2 at x = 0 with ẋ⁺ set in).
    const width = (e: Expr | undefined, values?: ReadonlyMap<string, Expr>): number => (e ? texWidth(toLatex(values ? subs(e, values) : e)) : 0);
    const [before, after] = [Math.max(width(f), width(left)), Math.max(width(f, set), width(left, set))];
    return set.size > 0 && after > LINE_WIDTH && after > GROWTH * before;
  };
  // The impact mode all of a value's uses are bound in, in words (foot 2 stays); undefined if none or several.
  const wordsOf = (v: Value): string | undefined => {
    const words = v.uses.map((u) => {
      const b = rows[u.row]!.formula.where.get(u.name);
      return b && 'fact' in b ? modeWords(b.fact) : undefined;
    });
    return words.every((w) => w === words[0]) ? words[0] : undefined;
  };
  const homes = new Map<string, Value | undefined>();
  for (const [symbol, values] of byLetter) {
    const all = [...values.values()];
    // A value keeps the letter where it stands for it in two rows, or where it is too wide to set in its row's formula;
    // the most rows, then the widest; of equals the first bound (Map order).
    const keeps = all.filter((v) => !bare(v) && (v.uses.length > 1 || texWidth(math(v.value)) > BINDING_WIDTH));
    const rank = (v: Value): [number, number] => [v.uses.length, texWidth(math(v.value))];
    const better = (a: Value, b: Value): boolean => rank(a)[0] > rank(b)[0] || (rank(a)[0] === rank(b)[0] && rank(a)[1] > rank(b)[1]);
    homes.set(symbol, all.length === 1 ? all[0] : keeps.reduce<Value | undefined>((best, v) => (!best || better(v, best) ? v : best), undefined));
  }
  const setIn = [...byLetter].flatMap(([symbol, values]) => [...values.values()].filter((v) => v !== homes.get(symbol)));
  const crowded = new Set(rows.map((_, row) => row).filter((row) => overflows(row, setIn)));
  for (const [symbol, values] of byLetter) {
    const all = [...values.values()];
    const home = homes.get(symbol);
    const modes = all.map(wordsOf);
    const said = (words: string): string => `${symbol}\\ \\text{(${words})}`;
    let moded = false;
    for (const v of all) {
      if (v === home) continue;
      // Wider than a line, a value set in place (squared, in a fraction) would push its row's formula past any display: a fresh letter names it.
      const named = !bare(v) && (texWidth(math(v.value)) > LINE_WIDTH || v.uses.some((u) => crowded.has(u.row)));
      // Unless it is the letter's value in an impact mode no other of its values is in (Rubanovich–Formalsky (3.14): R₁'s
      // impulse where foot 2 stays, beside (3.12)'s where it leaves): its rows keep the letter, said which mode.
      const words = wordsOf(v);
      if (named && words !== undefined && modes.filter((w) => w === words).length === 1) {
        define(v, said(words));
        moded = true;
        continue;
      }
      const name = named ? fresh(letterName(rows[v.uses[0]!.row]!, v.uses[0]!.name)) : undefined;
      for (const u of v.uses) inPlaceOf[u.row]!.set(u.name, name ? sym(name) : v.value);
      if (name) define(v, mechanicsSymbol(name));
    }
    // Beside one said in its mode, the letter's own value says its mode too (foot 2 leaves).
    const homeWords = home && moded ? wordsOf(home) : undefined;
    if (home) define(home, homeWords === undefined ? symbol : said(homeWords));
  }
  letters.sort((a, b) => a.row - b.row);
  return { rows: rows.map((r, i) => ({ ...r, inPlace: inPlaceOf[i]! })), letters };
}

/** A fact that is a law of motion, a coordinate q(t) on a piece of the motion (kozlov1988 (4.2)'s y₀(t)). */
const MOTION_LAW = /^trajectory\d+\.[A-Za-z]\w*$/;

/**
 * The row's where symbols bound to a law of motion that another row names otherwise, with that name: printed as it
 * (kozlov1988 (4.3)'s p = −Nf″(0)y₀(t), y₀(t) the swing of (4.2)), not as a letter standing for its closed form.
 */
export const namedLaws = (r: PaperCheckRow, named: ReadonlyMap<string, string>): [string, string][] =>
  [...r.formula.where].flatMap(([s, b]): [string, string][] => {
    const law = 'fact' in b && MOTION_LAW.test(b.fact) ? named.get(b.fact) : undefined;
    return law !== undefined && law !== whereSymbol(r, s) ? [[s, law]] : [];
  });

/** A binding printed in place of the formula's name for it: a symbol (w = ψ̇⁻), or the sign of one (smirnov1981's sgn ẋ), as the paper writes it. */
export const inPlace = (v: Expr): boolean => v.kind === 'sym' || (v.kind === 'fn' && v.name === 'sign' && v.args.length === 1 && v.args[0]!.kind === 'sym');

/** A fact that is a velocity after an impact (impact1.single.x'+, at a state or not), its jump (impact1.stays.[psi']), or an acceleration in a contact phase (phase.wall.x''): the symbol it is of its coordinate. */
const FACT_SYMBOLS: readonly (readonly [RegExp, (q: Sym) => Sym])[] = [
  [/^impact\d+\.(?:[^.@]+\.)*([A-Za-z][\w[\]]*)'\+(?:@|$)/, postImpactSymbol],
  [/^impact\d+\.(?:[^.@]+\.)*\[([A-Za-z]\w*)'\](?:@|$)/, velocityJumpSymbol],
  [/^phase\.[^.@]+\.([A-Za-z][\w[\]]*)''(?:@|$)/, accelerationSymbol],
];

/**
 * Symbols bound to a velocity after an impact or an acceleration in a
 * phase, printed as that velocity or acceleration (kozlov1988 §5: ẋ⁺;
 * kugushev2002 (9.5): ẍ + kÿ = 0), not a name of the model file's own, so
 * that the formula reads in the paper's symbols.
 */
export const factSymbols = (r: PaperCheckRow): [string, Expr][] =>
  [...r.formula.where].flatMap(([s, b]): [string, Expr][] => {
    if (!('fact' in b)) return [];
    for (const [re, symbol] of FACT_SYMBOLS) {
      const q = re.exec(b.fact)?.[1];
      if (q) return [[s, symbol(sym(q))]];
    }
    return [];
  });

/**
 * A derived side set beside the paper's (derivedLeft) with a letter bound to a fact that no row names under it, a
 * placeholder for part of the derivation (kozlov1988 (4.4)'s I = ∫₀^τ y₀ dt in −NPI/a): its letters are not printed.
 */
export function placeholderLeft(r: PaperCheckRow, named: ReadonlyMap<string, string>): boolean {
  return derivedLeft(r) && [...freeSymbols(r.formula.left!)].some((s) => placeholder(r, s, named));
}

/**
 * Such a side's value in the facts rows name (kozlov1988 (4.4): P²g/a in (4.2)'s period P), where it names one of
 * them and nothing but them and the paper's formula's symbols; else undefined (the paper's closed form already says
 * what a value in the parameters alone would).
 */
export function leftValue(r: PaperCheckRow, named: ReadonlyMap<string, string>): Expr | undefined {
  if (!placeholderLeft(r, named)) return undefined;
  const { left, formula } = r.formula;
  const value = inNamedFacts(simplify(subs(left!, r.bindings)), boundFacts(r, named));
  const facts = new Set([...freeSymbols(left!)].filter((s) => 'fact' in (r.formula.where.get(s) ?? {}) && !placeholder(r, s, named)));
  const symbols = [...freeSymbols(value)];
  const own = new Set(freeSymbols(formula!));
  return symbols.some((s) => facts.has(s)) && symbols.every((s) => facts.has(s) || own.has(s)) ? value : undefined;
}

/** Printed width (texWidth) up to which a derived side set beside the paper's (derivedLeft) is printed in its Derived cell. */
export const DERIVED_CELL_WIDTH = 20;

/**
 * What a relation's left side prints: whole, with the paper's formula (letters); a derived side set beside the
 * paper's (derivedLeft) only in the Derived cell, in its letters where it is short and each letter it binds prints
 * as the report's own (kugushev2002 (9.5): ẍ + kÿ) or as a result a row names; where a letter is a placeholder for a
 * fact no row names, as its value in the facts rows name (leftValue, kozlov1988 (4.4): P²g/a); else not at all,
 * not in letters standing for derived values (parabolic-billiard §5's t₁ − ξ/ẋ⁺), whose display gives the value.
 */
export function derivedSide(
  r: PaperCheckRow,
  named: ReadonlyMap<string, string>,
): { readonly letters: true } | { readonly letters: false; readonly value: Expr } | undefined {
  const { left, where } = r.formula;
  if (!left) return undefined;
  if (!derivedLeft(r)) return { letters: true };
  const value = leftValue(r, named);
  if (value) return { letters: false, value };
  if (placeholderLeft(r, named)) return undefined;
  const symbols = new Set(factSymbols(r).map(([s]) => s));
  const facts = boundFacts(r, named);
  const own = [...freeSymbols(left)].every((s) => !where.has(s) || symbols.has(s) || facts.has(s) || inPlace(r.bindings.get(s)!));
  return own && texWidth(toLatex(left)) <= DERIVED_CELL_WIDTH ? { letters: true } : undefined;
}

/**
 * The formula's symbols bound to a fact another row derives under that same name (τ of kozlov1988 (4.2), a
 * result of its own), with their derived values; not a placeholder for a fact no row names.
 */
export const boundFacts = (r: PaperCheckRow, named: ReadonlyMap<string, string>): Map<string, Expr> =>
  new Map(
    [...r.formula.where].flatMap(([s, b]): [string, Expr][] =>
      'fact' in b && r.bindings.has(s) && named.get(b.fact) === whereSymbol(r, s) ? [[s, r.bindings.get(s)!]] : [],
    ),
  );

/** A where symbol bound to a fact that no row names under it, nor printed as the fact's own symbol (ẍ, ẋ⁺). */
function placeholder(r: PaperCheckRow, s: string, named: ReadonlyMap<string, string>): boolean {
  const b = r.formula.where.get(s);
  return b !== undefined && 'fact' in b && named.get(b.fact) !== whereSymbol(r, s) && !factSymbols(r).some(([name]) => name === s);
}

/** The name a where symbol prints by: the fact's own symbol's (ẋ⁺ for a velocity after the strike), else its own. */
const letterName = (r: PaperCheckRow, s: string): string => (factSymbols(r).find(([name]) => name === s)?.[1] as Sym | undefined)?.name ?? s;

/** A where symbol as printed: the velocity after an impact it is bound to, else its own name. */
export const whereSymbol = (r: PaperCheckRow, s: string): string => mechanicsSymbol(letterName(r, s));

/** What a row prints in place of its where symbols: a single symbol bound (w = ψ̇⁻), the fact's own symbol (ẋ⁺), the value where the letter means another elsewhere. */
export const singleSymbols = (r: LetteredRow): Map<string, Expr> =>
  new Map([...[...r.bindings].filter(([s, v]) => inPlace(v) && !r.measured?.bindings.has(s)), ...factSymbols(r), ...r.inPlace]);
