// Which display of the paper's results each row of the paper check refers
// to: a result two rows give is printed once, its left side naming both
// quantities as the paper does (smirnov1981 (3.4): g₁₁ = g₃₃ = …), so that
// every agreeing row's reference prints its own quantity; a row that
// disagrees points to the derived result without being named beside it.
// Tests: test/report/paper-displays.test.ts.
import { freeSymbols, type Expr } from '../core/expr.js';
import type { PaperCheckRow } from '../studies/paper-check.js';
import { texWidth } from './latex.js';
import { LINE_WIDTH } from './notation.js';

/** A display of a derived result: the rows it prints (its label is its first row's), its left side and the paper's numbers (tag column). */
export interface ResultDisplay {
  readonly rows: readonly number[];
  readonly lhs: string;
  readonly tag: string;
}

/**
 * A result the paper states only in words (R–F §1: the rocking ends in finite time; kozlov1988 §2: the
 * Kelvin–Voigt release is delayed, its time the toolkit's own formula): the report's own, printed without the paper's number.
 */
export const own = (r: PaperCheckRow): boolean => r.formula.origin === 'own' || (!r.formula.formula && !r.measured);

/**
 * A row whose fact is a load the derivation gives back (the prism's P_y,
 * smirnov1981 (2.1)): its result is the paper's equation in its own symbols,
 * which their derived values satisfy, not the identity P_y = P_y.
 */
export const givenBack = (r: PaperCheckRow): boolean => r.formula.formula !== undefined && !r.formula.left && r.derived.kind === 'sym' && r.bindings.size > 0;

/**
 * A relation 'A = B' whose B, the paper's closed form, names no derived fact
 * while A does, and whose quantity is not itself a relation: A is the
 * derivation's side (kozlov1988 (4.4): P∫p dt as −NPI/a in the derived P and
 * I beside the paper's 4g(…)²/a), printed with the derivation, not as the
 * paper's formula. A relation the paper states (I⁺ = I⁻, or both sides in
 * derived quantities, kugushev2002 (10.15)) stays whole.
 */
export function derivedLeft(r: PaperCheckRow): boolean {
  const { left, formula, where, name } = r.formula;
  if (!left || !formula || relation(name)) return false;
  const facts = (e: Expr): boolean => [...freeSymbols(e)].some((s) => 'fact' in (where.get(s) ?? {}));
  return facts(left) && !facts(formula);
}

/** A paper's number as a tag: a section (§2) in parentheses, as an equation number (2.1) is printed, so that it does not read as a factor. */
const tagText = (eq: string): string => (eq.startsWith('§') ? `(${eq})` : eq).replaceAll('§', '\\S ');

/** The paper's numbers as the tag column prints them, \text{(3.3), (\S 2)} ('' for the report's own results). */
export const paperTag = (eqs: readonly string[]): string => (eqs.length ? `\\text{${eqs.map(tagText).join(', ')}}` : '');

/** Each fact a row derives alone, with the name that row gives it (trajectory1.end: τ of kozlov1988 (4.2); u of its (17), a result of the toolkit's own). */
export function namedFacts(rows: readonly PaperCheckRow[]): Map<string, string> {
  // A negated fact (ϖ = −∂ẍ/∂x) is not the row's quantity: a letter bound to it elsewhere keeps its own name.
  return new Map(
    rows.flatMap((r) => (r.formula.derived.length === 1 && !r.formula.derived[0]!.negated ? [[r.formula.derived[0]!.fact, r.formula.name] as const] : [])),
  );
}

/** A row's paper number as the tag column prints it ('' for the report's own results). */
export const rowTag = (r: PaperCheckRow): string => (own(r) ? '' : paperTag([r.formula.eq]));

/** A relation in LaTeX (\\le, <, =, \\to): a name's qualifier that holds one is a condition. */
const CONDITION = /\\(?:le|ge|leq|geq|to|ne|in)(?![a-zA-Z])|[<>=]/;
/** The time t (or a time t₁) as a letter of its own, not inside \\tau or \\text: a condition on it bounds a piece of the motion. */
const TIME_LETTER = /(?:^|[^\\a-zA-Z])t(?![a-zA-Z])/;

/**
 * A row's quantity and where it holds: its declared `on`, or the condition on the time its name ends with after a comma
 * outside braces (kozlov1988 (2.4)'s piece y(t),\\ t \\le 1), so that its display reads y(t) = 0 for t ≤ 1, not
 * "y(t), t ≤ 1 = 0", which parses as t ≤ 1 = 0. A qualifier that is no condition on the time (V_N^*, "no adhesion",
 * a phase's f₂ = 0) or a name that is itself a relation stays whole.
 */
export function heldWhere(r: PaperCheckRow): { readonly name: string; readonly on?: string } {
  const { name, on } = r.formula;
  return on ? { name, on } : splitCondition(name);
}

/** A name split into its quantity and the condition it ends with, as heldWhere reads a row's name (y(t) and t \\le 1). */
export function splitCondition(name: string): { readonly name: string; readonly on?: string } {
  let depth = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (depth === 0 && name.startsWith(',\\ ', i)) {
      const [base, rest] = [name.slice(0, i), name.slice(i + 3)];
      if (CONDITION.test(rest) && TIME_LETTER.test(rest) && !CONDITION.test(base.replace(/\{[^{}]*\}/g, ''))) return { name: base, on: rest };
    }
  }
  return { name };
}

/** Where a row's quantity holds, before its number in the tag column ("for 0 ≤ t < τ", kozlov1988 (4.2)): not in its left side, where it would read as algebra. */
export const onTag = (r: PaperCheckRow, tag: string): string => {
  const { on } = heldWhere(r);
  return on ? `\\text{for } ${on}${tag ? `\\quad ${tag}` : ''}` : tag;
};

/** A row's quantity with where it holds, for a table cell and the text: y_0(t),\ 0 \le t < \tau. */
export const rowName = (r: PaperCheckRow): string => (r.formula.on ? `${r.formula.name},\\ ${r.formula.on}` : r.formula.name);

/** A row's quantity with the paper's number beside it, for the text (the abstract's "corrected reading τ §4"). */
export const rowLhs = (r: PaperCheckRow): string => `${rowName(r)}${own(r) ? '' : `\\ ${rowTag(r)}`}`;

/** The equations of the realized contact's section (compliant.ts) that display its Kelvin–Voigt law, by fact. */
const LAW_LABELS: Readonly<Record<string, string>> = {
  ratio: 'rigid-ratio',
  restitution: 'rigid-restitution',
  duration: 'rigid-duration',
  normalMass: 'normal-mass',
};

/**
 * The label of the equation that already displays a row's result elsewhere in the report, where one does: a
 * realized contact's Kelvin–Voigt law (kozlov1988 Th. 3: δ_N is the τ of that section) or a patch's holding friction
 * sign (kuleshov2011 (2.3)), taken at no other
 * parameters than the report's, and agreeing. The row refers to it instead of a display of its own: one quantity, one display.
 */
export function displayedElsewhere(r: PaperCheckRow): string | undefined {
  const fact = r.formula.derived.length === 1 && !r.measured && !r.formula.at && r.agrees ? r.formula.derived[0]!.fact : undefined;
  const law = fact ? /^compliant\.(\w+)\.(\w+)$/.exec(fact) : null;
  const kind = law ? LAW_LABELS[law[2]!] : undefined;
  if (kind) return `${kind}-${law![1]}`;
  // The friction sign that holds a patch's slip at rest depth (slip.ts): kuleshov2011 (2.3) reads |σ*| < 1.
  const holding = fact ? /^patch\.(\w+)\.incline\.holding$/.exec(fact) : null;
  return holding ? `patch-holding-${holding[1]}` : undefined;
}

/** Facts the friction section derives under a name of their own, with its display's label: Smirnov's Φ, the switched sum (1.2). */
export const DERIVED_AS: Readonly<Record<string, { readonly label: string; readonly name: string }>> = {
  'supports.Φ': { label: 'supports-switched-friction', name: '\\sum_\\varepsilon \\chi(\\varepsilon)\\Phi^{\\varepsilon}' },
};

/**
 * The derived side of a row whose fact another section derives under its own name (smirnov1981 (2.2): Φ, the switched
 * sum Σ_ε χ(ε)Φ^ε), with that display's label: the Derived cell names it, not the display of the paper's own form.
 */
export function derivedAs(r: PaperCheckRow): { readonly label: string; readonly name: string } | undefined {
  return r.formula.derived.length === 1 && !r.measured && !r.formula.at ? DERIVED_AS[r.formula.derived[0]!.fact] : undefined;
}

/** Printed width (texWidth) a shared left side keeps within, so that the result beside it keeps half the line. */
const SHARED_WIDTH = LINE_WIDTH / 2;

/**
 * "g_{11} = g_{33}": the rows' quantities joined by "=", each name once (the paper's numbers are the tag column's,
 * sharedTag); names that all end in one restriction |_{…} have it once, after them (rubanovich1981 (3.14): the loss
 * and the work of R₁ where foot 2 stays, (ΔT = ½[z₁]ᵀE₁)|_{z₂(+0) = 0}).
 */
export function sharedLhs(rows: readonly PaperCheckRow[]): string {
  const names = qualified([...new Set(rows.map((r) => heldWhere(r).name))]);
  const at = names.length > 1 ? RESTRICTION.exec(names[0]!)?.[0] : undefined;
  if (!at || !names.every((n) => n.endsWith(at) && n.length > at.length)) return names.join(' = ');
  return `\\bigl(${names.map((n) => n.slice(0, -at.length)).join(' = ')}\\bigr)${at}`;
}

/** A name's trailing restriction |_{…}, one level of braces inside it (|_{z_2(+0) = 0}, |_{E_2 = 0}). */
const RESTRICTION = /\|_\{(?:[^{}]|\{[^{}]*\})*\}$/;

/** The paper's numbers of the rows a display names, each once, in order: "(3.3), (3.4)". */
export function sharedTag(rows: readonly PaperCheckRow[]): string {
  return paperTag([...new Set(rows.filter((r) => !own(r)).map((r) => r.formula.eq))]);
}

/**
 * Names where one is another with a qualifier (ẋ₂(δ_N) and "ẋ₂(δ_N), V_N*",
 * kozlov1988 (3.2) in two realizations): the quantity once, the qualifier
 * after it, not "ẋ₂(δ_N) = ẋ₂(δ_N), V_N*", which reads as an identity.
 */
function qualified(names: readonly string[]): string[] {
  const QUALIFIER = ',\\ ';
  return names.flatMap((n) => {
    const base = names.find((b) => b !== n && n.startsWith(`${b}${QUALIFIER}`));
    if (base) return [];
    const also = names.filter((q) => q.startsWith(`${n}${QUALIFIER}`)).map((q) => q.slice(n.length + QUALIFIER.length));
    return [also.length ? `${n}\\ (\\text{also } ${also.join(',\\ ')})` : n];
  });
}

/** Whether a name is itself a relation, an "=" outside its braces (ÿ, g₂ = 0; not E|_{α = α₀}). */
function relation(name: string): boolean {
  let depth = 0;
  for (const c of name) {
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '=' && depth === 0) return true;
  }
  return false;
}

/**
 * The rows a display's left side names: those that agree with the result it
 * prints. A printed formula that disagrees (smirnov1981's Δᵢ (2.4) as printed)
 * refers to the display of what was derived, which must not claim it
 * equal; a display of disagreeing rows alone names them all.
 */
function named(rows: readonly PaperCheckRow[]): readonly PaperCheckRow[] {
  const agreeing = rows.filter((r) => r.agrees !== false);
  return agreeing.length > 0 ? agreeing : rows;
}

/**
 * The displays of the rows' results, in the rows' order: a row whose result
 * another row of its kind (the paper's or the report's own) already derived
 * joins that row's display, unless its name holds an "=" of its own (ÿ, g₂ = 0)
 * or the joined left side would pass SHARED_WIDTH, or the result is a number
 * another fact gives; a measured number or a load given back is always
 * displayed alone.
 */
export function resultDisplays(rows: readonly PaperCheckRow[]): ResultDisplay[] {
  const groups: number[][] = [];
  const alone = (r: PaperCheckRow): boolean => Boolean(r.measured) || givenBack(r) || relation(r.formula.name) || heldWhere(r).on !== undefined;
  // A number (0) or a lone symbol (v₂) is the value of many quantities that are not one result (E_{R_{2y}} and ψ̇⁺ at α₀,
  // rubanovich1981 (1.19); ẋ₂ after the impact under c²Nf²/2 and under exp(−Nf), kozlov1988 (3.2)): rows with one join only
  // where they derive one fact (ẍ₂ and x₂″ in fast time, kozlov1988 (3.3), (3.4)).
  const facts = (r: PaperCheckRow): string => [...new Set(r.formula.derived.map((d) => d.fact.split('@')[0]))].sort().join();
  const one = (q: PaperCheckRow, r: PaperCheckRow): boolean => (q.derived.kind !== 'num' && q.derived.kind !== 'sym') || facts(q) === facts(r);
  rows.forEach((r, i) => {
    const joins = alone(r)
      ? undefined
      : groups.find((g) => {
          const q = rows[g[0]!]!;
          const joined = [...g, i].map((k) => rows[k]!);
          const both = named(joined);
          return !alone(q) && q.derived === r.derived && one(q, r) && own(q) === own(r) && texWidth(`${sharedLhs(both)}\\ ${sharedTag(both)}`) <= SHARED_WIDTH;
        });
    if (joins) joins.push(i);
    else groups.push([i]);
  });
  return groups.map((g) => {
    const shown = named(g.map((k) => rows[k]!));
    // A row with where it holds is displayed alone (`alone`): that condition goes before its number.
    return { rows: g, lhs: sharedLhs(shown), tag: onTag(rows[g[0]!]!, sharedTag(shown)) };
  });
}

/** The label of the display of row i's result (of the first row of a display several rows share). */
export const resultLabel = (i: number): string => `paper-${i + 1}`;

/** How many results the rows state: the displays of all's results that print one of them, a result two rows give counted once (rubanovich1981's 41 checked rows, 33 results). */
export function distinctResults(all: readonly PaperCheckRow[], rows: readonly PaperCheckRow[]): number {
  const counted = new Set(rows);
  return resultDisplays(all).filter((d) => d.rows.some((k) => counted.has(all[k]!))).length;
}
