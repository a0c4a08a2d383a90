// The `paper` declaration of a model file: its source a bibliography key,
// each formula parsed against the model's parameters (or its general
// model's) and its own `where` symbols, each `where` binding either a fact's
// name (whether the derivation has that fact is known only after it, and is
// checked by the paper check, src/studies/paper-check.ts) or an expression of
// the parameters, the coordinates and velocities and the patch laws' state
// symbols. The formula itself names parameters and `where` symbols only: a
// coordinate's value enters it under a name the `where` gives it, so that
// the table says what each symbol stands for; the time t stands for itself
// (a law of motion set beside a trajectory fact, kozlov1988 (2.4)). A
// formula naming a measured fact (limit., orbit., motion.) states the
// tolerance it agrees to.
// buildModel runs checkPaperDeclaration and paperFormulas before anything is
// derived; the paper check reads the formulas again with checkPaper.
// Tests: test/model/validate/paper.test.ts, test/studies/paper-check.test.ts.
import { freeSymbols, type Expr } from '../../core/expr.js';
import * as Q from '../../core/rational.js';
import type { Rational } from '../../core/rational.js';
import { parseExpr, OPEN_SCOPE, type ParseScope } from '../../core/parse.js';
import { combineErrors, MechanicsError } from '../../errors.js';
import { TIME } from '../names.js';
import { PAPER_FIELDS, PAPER_FORMULA_ORIGINS, type PaperFormulaOrigin } from '../spec.js';
import type { Model } from '../types.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, fieldsAt, member, rejectUnknownKeys, stringAt } from './shape.js';
import { checkSourceKey } from './sources.js';
import { checkLatexMath, checkNote } from './text.js';

/** A term of `derived`: a fact, optionally to the power of a symbol or number. */
export interface DerivedTerm {
  readonly fact: string;
  readonly power?: Expr;
  /** Written '-fact': the fact negated (kozlov1988 (4.6): ϖ = −∂ẍ/∂x, the paper's p, positive on the swing). */
  readonly negated?: true;
}

export interface PaperFormula {
  readonly eq: string;
  readonly name: string;
  /** Where the quantity holds (PaperFormulaSpec.on), in LaTeX. */
  readonly on?: string;
  /** The paper's formula, in the model's parameters and the `where` symbols; absent for a result stated in words. */
  readonly formula?: Expr;
  /** `formula` as typed, printed with its outer terms and factors in that order (PaperFormulaSpec.order: 'typed'). */
  readonly typed?: string;
  /** The paper's print of a formula typed out too long to print (PaperFormulaSpec.display), in LaTeX. */
  readonly display?: string;
  /** The source text of `derived` (of the left side, for a relation). */
  readonly derivedText: string;
  /** A relation 'A = B' the paper states between derived quantities: A, set beside B (`formula`) in place of a fact. */
  readonly left?: Expr;
  /** The facts summed (each to its power). */
  readonly derived: readonly DerivedTerm[];
  /** Symbol → a fact's name, or an expression of the parameters. */
  readonly where: ReadonlyMap<string, { readonly fact: string } | { readonly expr: Expr }>;
  /** Parameter → the value at which the paper's result holds (set in both sides). */
  readonly at?: ReadonlyMap<string, Expr>;
  /** Parameters both sides are taken to their limits in as they grow, after `at` is set (at: { R2: '∞' }). */
  readonly limits?: readonly string[];
  /** The agreement required of a measured fact (relative to max(1, |paper|)). */
  readonly tolerance?: number;
  /** The remainder o(p^order) of an expansion as the parameter p grows: the derived side is expanded to it. */
  readonly remainder?: Remainder;
  readonly note?: string;
  /** The bound in words, for the abstract and the conclusion (PaperFormulaSpec.reading). */
  readonly reading?: string;
  /** What follows from a corrected row, for the conclusion (PaperFormulaSpec.consequence). */
  readonly consequence?: string;
  /** The model's quantity the row bounds from above (PaperFormulaSpec.bounds): its name and its value in the parameters. */
  readonly bounds?: { readonly name: string; readonly value: Expr };
  /** Not printed by the paper: the toolkit's own formula for a result stated in words, its reduction of the paper's equations, or its corrected reading of a printed formula. */
  readonly origin?: PaperFormulaOrigin;
  /** The formula as the paper prints it, where `formula` is the corrected reading (PaperFormulaSpec.printed). */
  readonly printed?: Expr;
  /** `printed` as typed, printed in that order as `formula` is (PaperFormulaSpec.order: 'typed'). */
  readonly printedTyped?: string;
}

/** o(p^order) as the parameter p grows. */
export interface Remainder {
  readonly parameter: string;
  readonly order: Rational;
  /**
   * O(e^{−p} p^order), exponentially small: the derived side is a fact for large p with such terms already dropped
   * (trajectory{k}.end@p≫1, kozlov1988 (2.7): τ = 2 + 1/N + O(e^{−N}/N)), compared as it is.
   */
  readonly exponential?: true;
}

/** An equation's number or place as a paper writes it, (10.13), Th. 2, §3: printed in \text{} inside math, so plain. */
const EQUATION_NUMBER = /^[A-Za-z0-9 .,;:()[\]§'’–-]{1,40}$/;

export function equationNumber(x: unknown, field: string, out: Problems): string | undefined {
  const s = stringAt(x, field, 'eq', out);
  if (s === undefined || EQUATION_NUMBER.test(s)) return s;
  out.add('bad-text', field, `${JSON.stringify(s)}: an equation number is letters, digits, spaces, § and . , ; : ( ) [ ] ' – - (e.g. (10.13), Th. 2, §3)`);
  return undefined;
}

const FIELDS = {
  eq: true,
  name: true,
  on: true,
  formula: true,
  derived: true,
  where: true,
  at: true,
  tolerance: true,
  remainder: true,
  note: true,
  reading: true,
  consequence: true,
  bounds: true,
  origin: true,
  printed: true,
  order: true,
  display: true,
} as const;
/**
 * A fact's name (src/derive/paper-results.ts): an impact map's
 * (impact1.leaves.psi'+, impact1.stays.footB.n@critical), the support pairs'
 * (supports.(+).Φ), a hinge's (hinge.journal.critical), a realized contact's
 * (compliant.line.duration), a contact realized by e^{−Nf} (exponential.wall.N.duration), a patch's (patch.foundation.halfWidth), a contact
 * phase's (phase.floor.floor.n), an axis oscillation's (axis.x.grazing), a bouncing's (bouncing.y.halfTrace), Chaplygin's coordinates (parabolic.v'), the initial state (initial.u), a piece
 * of the motion in closed form (trajectory2.y, trajectory3.y@N→∞), a study's against the rigid model (rigid.distance), or a
 * measured one (limit.release, orbit.period, motion.release1, restitution.…, relaxation.…, journal.….phiddot).
 */
const FACT =
  /^(impact\d+|supports|hinge|compliant|exponential|patch|phase|axis|bouncing|parabolic|initial|trajectory\d+|rigid|limit|orbit|motion|restitution|relaxation|realizations|confocal|journal|incline)\.[^\s]+$/;
/** The facts the report's computations measured (src/derive/paper-results.ts measuredFacts). */
export const MEASURED = /^(limit|orbit|motion|restitution|relaxation|realizations|confocal|journal|incline)\./;

/** The paper's parts that are checked against the model: its general model (a spec) and its formulas. */
export interface PaperDeclaration {
  readonly general?: unknown;
  readonly formulas: unknown;
  readonly claims?: unknown;
  readonly figures?: unknown;
  readonly sketches?: unknown;
  readonly studyFigures?: unknown;
  readonly notDerived: readonly NotDerived[];
  /** The case the formulas are checked in, where narrower than the paper's. */
  readonly scope?: string;
  /** The paper's wording the derivation corrects (PaperSpec.corrects). */
  readonly corrects?: string;
  /** What the paper leaves to later work (PaperSpec.defers). */
  readonly defers?: string;
}

/** A result of the paper the toolkit does not derive, and why (PaperNotDerivedSpec, checked). */
export interface NotDerived {
  readonly eq: string;
  readonly name: string;
  readonly reason: string;
}

/** spec.paper's shape and source; its formulas are read by paperFormulas, against the general model where there is one. */
export function checkPaperDeclaration(x: unknown, model: string | undefined): Checked<PaperDeclaration | undefined> {
  const out = new Problems(model);
  if (x === undefined) return out.result(undefined);
  const paper = fieldsAt(x, 'paper', 'a paper { source, formulas, general }', out);
  if (!paper) return out.result(undefined);
  rejectUnknownKeys(paper, PAPER_FIELDS, 'paper', out);
  checkSourceKey(paper.source, 'paper.source', out);
  if (paper.general !== undefined && !fieldsAt(paper.general, 'paper.general', 'a model spec', out)) return out.result(undefined);
  return out.result({
    ...(paper.general !== undefined ? { general: paper.general } : {}),
    formulas: paper.formulas,
    claims: paper.claims,
    figures: paper.figures,
    sketches: paper.sketches,
    studyFigures: paper.studyFigures,
    notDerived: notDerivedList(paper.notDerived, out),
    ...scopeOf(paper.scope, out),
    ...(paper.corrects !== undefined ? optional('corrects', checkNote(paper.corrects, 'paper.corrects', out)) : {}),
    ...(paper.defers !== undefined ? optional('defers', checkNote(paper.defers, 'paper.defers', out)) : {}),
  });
}

/** A checked note as a field to spread (none where it failed). */
const optional = <K extends string>(key: K, note: string | undefined): { [P in K]?: string } =>
  note === undefined ? {} : ({ [key]: note } as { [P in K]?: string });

/** `paper.scope`, a note, as a field to spread. */
function scopeOf(input: unknown, out: Problems): { scope?: string } {
  const scope = input === undefined ? undefined : checkNote(input, 'paper.scope', out);
  return scope === undefined ? {} : { scope };
}

const NOT_DERIVED_FIELDS = { eq: true, name: true, reason: true } as const;

/** The results `paper.notDerived` lists, or one error listing every problem. */
export function checkNotDerived(input: unknown, model: string): NotDerived[] {
  const out = new Problems(model);
  const list = notDerivedList(input, out);
  if (out.list.length) throw combineErrors(out.list);
  return list;
}

function notDerivedList(input: unknown, out: Problems): NotDerived[] {
  if (input === undefined) return [];
  const list = arrayAt(input, 'paper.notDerived', 'a list of { eq, name, reason }', out) ?? [];
  return list.flatMap((item, i) => {
    const field = `paper.notDerived[${i}]`;
    const r = fieldsAt(item, field, 'a result not derived { eq, name, reason }', out);
    if (!r) return [];
    rejectUnknownKeys(r, NOT_DERIVED_FIELDS, field, out);
    const eq = equationNumber(r.eq, member(field, 'eq'), out);
    const nameText = stringAt(r.name, member(field, 'name'), 'name', out);
    const name = nameText === undefined ? undefined : checkLatexMath(nameText, member(field, 'name'), out);
    const reason = checkNote(r.reason, member(field, 'reason'), out);
    return eq === undefined || name === undefined || reason === undefined ? [] : [{ eq, name, reason }];
  });
}

/** The formulas of `paper.formulas`, or one error listing every problem. */
export function checkPaper(input: unknown, model: Model): PaperFormula[] {
  const { value, problems } = paperFormulas(input, model);
  if (problems.length) throw combineErrors(problems);
  return value;
}

/** The formulas of `paper.formulas` read against `model`, with their problems. */
export function paperFormulas(input: unknown, model: Model): Checked<PaperFormula[]> {
  const out = new Problems(model.name);
  // pi is a constant of the language, a name beside the parameters.
  const params = new Set(['pi', ...model.parameters.map((p) => p.name)]);
  // A where expression may also name what the facts are functions of: the coordinates and velocities, a patch law's state,
  // and the time, as the formula may (smirnov1981 §2's F_z, here the load F cos ωt).
  const state = new Set([...stateSymbols(model), TIME]);
  // x' in a where expression is the velocity of coordinate x (a support's sgn ẋ).
  const velocities: ParseScope = { ...OPEN_SCOPE, velocity: (name) => model.coordinates.find((c) => c.name === name)?.qd };
  const list = arrayAt(input, 'paper.formulas', 'a list of formulas', out) ?? [];
  const formulas: PaperFormula[] = [];
  list.forEach((item, i) => {
    const field = `paper.formulas[${i}]`;
    const f = fieldsAt(item, field, 'a formula { eq, name, formula, derived }', out);
    if (!f) return;
    rejectUnknownKeys(f, FIELDS, field, out);
    const eq = equationNumber(f.eq, member(field, 'eq'), out);
    const nameText = stringAt(f.name, member(field, 'name'), 'name', out);
    const name = nameText === undefined ? undefined : checkLatexMath(nameText, member(field, 'name'), out);
    const onText = f.on === undefined ? undefined : stringAt(f.on, member(field, 'on'), 'on', out);
    const on = onText === undefined ? undefined : checkLatexMath(onText, member(field, 'on'), out);
    const text = f.formula === undefined ? undefined : stringAt(f.formula, member(field, 'formula'), 'formula', out);
    // A relation 'A = B' (Appell's theorem: p⁺·v = p⁻·v) compares its two sides, each bound to facts by `where`.
    const relation = typeof f.formula === 'string' && f.formula.includes('=') && f.derived === undefined ? f.formula.split('=') : undefined;
    if (relation && relation.length !== 2) out.add('bad-type', member(field, 'formula'), 'a relation has one =, A = B');
    const derivedText = relation ? relation[0]!.trim() : stringAt(f.derived, member(field, 'derived'), 'derived', out);
    const note = f.note === undefined ? undefined : checkNote(f.note, member(field, 'note'), out);
    const reading = f.reading === undefined ? undefined : checkNote(f.reading, member(field, 'reading'), out);
    const consequence = f.consequence === undefined ? undefined : checkNote(f.consequence, member(field, 'consequence'), out);
    const origin = f.origin === undefined ? undefined : originOf(f.origin, member(field, 'origin'), out);
    const bounds = f.bounds === undefined ? undefined : boundsOf(f.bounds, member(field, 'bounds'), params, out);
    // Symbols a fact's substitution brings in (a limit's variables, a family's own coordinates) may be named by where and the formula.
    const facts = typeof f.where === 'object' && f.where ? Object.values(f.where).filter((x): x is string => typeof x === 'string' && FACT.test(x)) : [];
    const introduced = substituted([derivedText ?? '', ...facts], state);
    const where = whereBindings(f.where, member(field, 'where'), new Set([...state, ...introduced]), out, velocities);
    const { values: at, limits } = atValues(f.at, member(field, 'at'), params, out);
    const measured = [...where.values()].some((b) => 'fact' in b && MEASURED.test(b.fact)) || derivedText?.split(' + ').some((t) => MEASURED.test(t.trim()));
    const tolerance =
      f.tolerance === undefined ? undefined : typeof f.tolerance === 'number' && f.tolerance > 0 && Number.isFinite(f.tolerance) ? f.tolerance : NaN;
    if (Number.isNaN(tolerance)) out.add('bad-type', member(field, 'tolerance'), 'tolerance is a positive number');
    else if (measured && tolerance === undefined && text !== undefined)
      out.add(
        'missing-field',
        member(field, 'tolerance'),
        'a formula compared with a measured fact (limit., orbit., motion.) states its tolerance, e.g. tolerance: 1e-6',
      );
    else if (!measured && tolerance !== undefined)
      out.add('bad-type', member(field, 'tolerance'), 'tolerance is for measured facts (limit., orbit., motion.); a derived fact is compared exactly');
    const remainder = f.remainder === undefined ? undefined : remainderOf(f.remainder, member(field, 'remainder'), params, out);
    if (remainder && measured)
      out.add('bad-type', member(field, 'remainder'), 'a remainder is for derived facts, expanded symbolically; a measured fact is a number');
    const source = text === undefined ? undefined : relation ? relation[1]! : text;
    const formula = source === undefined ? undefined : parseText(source, member(field, 'formula'), out);
    if (f.order !== undefined && (f.order !== 'typed' || !formula))
      out.add('bad-type', member(field, 'order'), "order is 'typed' (the formula printed in the order typed), beside a formula");
    const typed = f.order === 'typed' && formula ? source : undefined;
    const displayText = f.display === undefined ? undefined : stringAt(f.display, member(field, 'display'), 'display', out);
    const display = displayText === undefined ? undefined : checkLatexMath(displayText, member(field, 'display'), out);
    if (display !== undefined && !formula) out.add('bad-type', member(field, 'display'), 'display is the print of a typed formula: it needs formula');
    const printedText = f.printed === undefined ? undefined : stringAt(f.printed, member(field, 'printed'), 'printed', out);
    if (printedText !== undefined && (origin !== 'correction' || !formula))
      out.add(
        'bad-type',
        member(field, 'printed'),
        "printed is the paper’s print of a formula the row corrects: it needs origin: 'correction' and the corrected formula",
      );
    const printed = printedText === undefined ? undefined : parseText(printedText, member(field, 'printed'), out);
    const left = relation && derivedText !== undefined ? parseText(derivedText, member(field, 'formula'), out) : undefined;
    const stray =
      formula &&
      [...freeSymbols(formula), ...(left ? freeSymbols(left) : []), ...(printed ? freeSymbols(printed) : [])].filter(
        (x) => !params.has(x) && !where.has(x) && !introduced.has(x) && x !== TIME,
      );
    if (stray?.length) out.add('unknown-symbol', member(field, 'formula'), `${stray.join(', ')}: neither a parameter nor bound in where`);
    const derived = relation ? [] : derivedText === undefined ? undefined : derivedTerms(derivedText, member(field, 'derived'), params, where, out);
    if (
      eq === undefined ||
      name === undefined ||
      (text !== undefined && !formula) ||
      (relation && !left) ||
      derivedText === undefined ||
      !derived ||
      stray?.length
    )
      return;
    formulas.push({
      eq,
      name,
      ...(on !== undefined ? { on } : {}),
      ...(formula ? { formula } : {}),
      ...(typed !== undefined ? { typed } : {}),
      ...(display !== undefined && formula ? { display } : {}),
      derivedText,
      ...(left ? { left } : {}),
      derived,
      where,
      ...(at.size ? { at } : {}),
      ...(limits.length ? { limits } : {}),
      ...(tolerance !== undefined && !Number.isNaN(tolerance) ? { tolerance } : {}),
      ...(remainder ? { remainder } : {}),
      ...(note !== undefined ? { note } : {}),
      ...(reading !== undefined ? { reading } : {}),
      ...(consequence !== undefined ? { consequence } : {}),
      ...(bounds ? { bounds } : {}),
      ...(origin ? { origin } : {}),
      ...(printed ? { printed } : {}),
      ...(printed && typed !== undefined ? { printedTyped: printedText! } : {}),
    });
  });
  return out.result(formulas);
}

/** { name, value }: the quantity a row bounds, named in LaTeX, its value an expression of the parameters. */
function boundsOf(input: unknown, field: string, params: ReadonlySet<string>, out: Problems): { name: string; value: Expr } | undefined {
  const b = fieldsAt(input, field, 'the quantity bounded { name, value }', out);
  if (!b) return undefined;
  rejectUnknownKeys(b, { name: true, value: true }, field, out);
  const nameText = stringAt(b.name, member(field, 'name'), 'name', out);
  const name = nameText === undefined ? undefined : checkLatexMath(nameText, member(field, 'name'), out);
  const text = stringAt(b.value, member(field, 'value'), 'value', out);
  const value = text === undefined ? undefined : parseText(text, member(field, 'value'), out);
  const stray = value ? [...freeSymbols(value)].filter((x) => !params.has(x)) : [];
  if (stray.length) out.add('unknown-symbol', member(field, 'value'), `${stray.join(', ')}: the bounded value is an expression of the parameters`);
  return name === undefined || !value || stray.length ? undefined : { name, value };
}

/** 'own', 'reduction' or 'correction': where a row the paper does not print comes from. */
function originOf(input: unknown, field: string, out: Problems): PaperFormulaOrigin | undefined {
  if (typeof input === 'string' && Object.hasOwn(PAPER_FORMULA_ORIGINS, input)) return input as PaperFormulaOrigin;
  out.add(
    'bad-type',
    field,
    `${JSON.stringify(input)}: origin is 'own' (the toolkit's formula for a result the paper states in words), 'reduction' (its consequence of the paper's equations) or 'correction'`,
  );
  return undefined;
}

/** 'o(N^(-1/2))': a parameter to a rational power of at most 0, the paper's remainder as it grows; or 'O(e^(-N))', 'O(e^(-N)/N)'. */
function remainderOf(input: unknown, field: string, params: ReadonlySet<string>, out: Problems): Remainder | undefined {
  const text = stringAt(input, field, 'remainder', out);
  if (text === undefined) return undefined;
  const small = /^O\(\s*e\^\(\s*-\s*([A-Za-z_]\w*)\s*\)\s*(?:\/\s*([A-Za-z_]\w*)\s*)?\)$/.exec(text);
  if (small && (small[2] === undefined || small[2] === small[1])) {
    if (params.has(small[1]!) && small[1] !== 'pi') return { parameter: small[1]!, order: small[2] ? Q.rat(-1, 1) : Q.ZERO, exponential: true };
    out.add('unknown-symbol', field, `${small[1]} is not a parameter of the model`);
    return undefined;
  }
  const parts = /^o\(\s*([A-Za-z_]\w*)\s*\^\s*\(?\s*(-?\d{1,6})(?:\s*\/\s*([1-9]\d{0,5}))?\s*\)?\s*\)$/.exec(text);
  const order = parts ? Q.rat(Number(parts[2]), Number(parts[3] ?? 1)) : undefined;
  if (!parts || !order || Q.cmp(order, Q.ZERO) > 0) {
    out.add(
      'bad-type',
      field,
      `${JSON.stringify(text)}: a remainder is o(p^r), p a parameter and r ≤ 0 a rational, e.g. 'o(N^(-1/2))', or exponentially small, 'O(e^(-N)/N)'`,
    );
    return undefined;
  }
  if (!params.has(parts[1]!) || parts[1] === 'pi') {
    out.add('unknown-symbol', field, `${parts[1]} is not a parameter of the model`);
    return undefined;
  }
  return { parameter: parts[1]!, order };
}

/** A `where`: symbol → a fact's name, or an expression of the parameters, coordinates, velocities and patch state symbols. */
export function whereBindings(
  input: unknown,
  field: string,
  state: ReadonlySet<string>,
  out: Problems,
  scope: ParseScope = OPEN_SCOPE,
): Map<string, { fact: string } | { expr: Expr }> {
  const where = new Map<string, { fact: string } | { expr: Expr }>();
  const given = input === undefined ? {} : (fieldsAt(input, field, 'an object of symbol → fact or expression', out) ?? {});
  for (const [symbol, value] of Object.entries(given)) {
    const at = member(field, symbol);
    const s = stringAt(value, at, 'a where binding', out);
    if (s === undefined) continue;
    if (FACT.test(s)) where.set(symbol, { fact: s });
    else {
      const e = parseText(s, at, out, scope);
      const stray = e && [...freeSymbols(e)].filter((x) => !state.has(x));
      if (stray?.length)
        out.add(
          'unknown-symbol',
          at,
          `${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} not a parameter, coordinate, velocity or patch state symbol of the model: a where expression uses those only`,
        );
      else if (e) where.set(symbol, { expr: e });
    }
  }
  return where;
}

/** The symbols a `where` expression may name: the parameters (and pi), the coordinates and velocities, the patch laws' state. */
export function stateSymbols(model: Model): Set<string> {
  return new Set([
    'pi',
    ...model.parameters.map((p) => p.name),
    ...model.coordinates.flatMap((c) => [c.name, c.qd.name]),
    ...(model.patches ?? []).flatMap((p) => [...p.state.keys()]),
  ]);
}

/** `at`: parameter → a value, an expression of the parameters. */
/** Written for a parameter in `at`: both sides are taken to their limits as it grows. */
const INFINITY = '∞';

function atValues(input: unknown, field: string, params: ReadonlySet<string>, out: Problems): { values: Map<string, Expr>; limits: string[] } {
  const values = new Map<string, Expr>();
  const limits: string[] = [];
  if (input === undefined) return { values, limits };
  for (const [name, value] of Object.entries(fieldsAt(input, field, 'an object of parameter → value', out) ?? {})) {
    const at = member(field, name);
    if (!params.has(name) || name === 'pi') {
      out.add('unknown-symbol', at, `${name} is not a parameter of the model`);
      continue;
    }
    if (value === INFINITY) {
      limits.push(name);
      continue;
    }
    const text = typeof value === 'number' ? `${value}` : stringAt(value, at, 'a value', out);
    const e = text === undefined ? undefined : parseText(text, at, out);
    const stray = e && [...freeSymbols(e)].filter((x) => !params.has(x));
    if (stray?.length) out.add('unknown-symbol', at, `${stray.join(', ')}: a value in at uses parameters only`);
    else if (e) values.set(name, e);
  }
  return { values, limits };
}

export function parseText(text: string, field: string, out: Problems, scope: ParseScope = OPEN_SCOPE): Expr | undefined {
  try {
    return parseExpr(text, scope);
  } catch (err) {
    if (err instanceof MechanicsError) out.locate(err, field);
    else throw err;
    return undefined;
  }
}

/**
 * The symbols a fact's substitutions '@s=(expr)' bring in that the model does not
 * have: the variables of a limit (kozlov1988 §6: the ellipse's b = √(aA − A²/4) and
 * c = −g/a as a grows, the parabola's A and gravity g), which the formula may name.
 */
function substituted(texts: readonly string[], state: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const text of texts)
    for (const [, value] of text.matchAll(/@[^@=≈]+=\(([^@]+)\)/g)) {
      let e: Expr;
      try {
        e = parseExpr(value!);
      } catch {
        // A value that does not parse is reported where the fact is looked up (paper check: no such fact).
        continue;
      }
      for (const x of freeSymbols(e)) if (!state.has(x)) out.add(x);
    }
  return out;
}

/** 'a + b^k' → [{ fact: a }, { fact: b, power: k }]. */
function derivedTerms(text: string, field: string, params: ReadonlySet<string>, where: ReadonlyMap<string, unknown>, out: Problems): DerivedTerm[] | undefined {
  const terms: DerivedTerm[] = [];
  for (const part of text.split(' + ')) {
    const negated = part.trim().startsWith('-');
    const [fact, power, ...rest] = part.trim().replace(/^-\s*/, '').split('^');
    if (!fact || !FACT.test(fact) || rest.length) {
      out.add(
        'bad-type',
        field,
        `'${part}' is not a fact's name (impact1.leaves.psi'+, supports.(+).Φ, limit.release), optionally ^ a symbol, or negated, -fact`,
      );
      return undefined;
    }
    const sign = negated ? { negated: true as const } : {};
    if (power === undefined) {
      terms.push({ fact, ...sign });
      continue;
    }
    const e = parseText(power, field, out);
    if (!e) return undefined;
    const stray = [...freeSymbols(e)].filter((x) => !params.has(x) && !where.has(x));
    if (stray.length) {
      out.add('unknown-symbol', field, `the power ${power} uses ${stray.join(', ')}: neither a parameter nor bound in where`);
      return undefined;
    }
    terms.push({ fact, power: e, ...sign });
  }
  return terms;
}
