// The inequalities and figures of a model file's `paper` declaration: each
// claim 'A < B', 'A > B', 'A <= B' or 'A >= B' parsed against the model's parameters (or its
// general model's) and its own `where` symbols, with the narrower ranges the
// paper states it on; each figure's plotted expression, abscissa and curves.
// The paper check proves the claims (src/derive/proofs/claims.ts) and
// computes the figures (src/studies/paper-check.ts).
// Tests: test/model/validate/paper.test.ts.
import { freeSymbols, type Expr } from '../../core/expr.js';
import { combineErrors } from '../../errors.js';
import type { Model } from '../types.js';
import { equationNumber, parseText, stateSymbols, whereBindings } from './paper.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, fieldsAt, member, rejectUnknownKeys, stringAt } from './shape.js';
import { checkLatexMath, checkNote } from './text.js';

export type Binding = { readonly fact: string } | { readonly expr: Expr };

/** An interval of a parameter: its ends and which are open. */
export interface ClaimRange {
  readonly lower: Expr;
  readonly upper: Expr;
  readonly lowerOpen: boolean;
  readonly upperOpen: boolean;
}

export interface PaperClaim {
  readonly eq: string;
  readonly name: string;
  /** The source text of the claim, as the paper states it. */
  readonly text: string;
  /** The inequality as greater > smaller, or greater ≥ smaller when not strict. */
  readonly greater: Expr;
  readonly smaller: Expr;
  readonly strict: boolean;
  /** A `where` symbol bound to an expression of one parameter: the claim is about the rate in it. */
  readonly rate?: string;
  readonly where: ReadonlyMap<string, Binding>;
  readonly on: ReadonlyMap<string, ClaimRange>;
  readonly note?: string;
}

export interface PaperFigure {
  readonly eq: string;
  readonly name: string;
  readonly plot: Expr;
  readonly where: ReadonlyMap<string, Binding>;
  readonly at: ReadonlyMap<string, Expr>;
  readonly x: { readonly symbol: string; readonly from: number; readonly to: number; readonly log: boolean };
  readonly curves: { readonly parameter: string; readonly values: readonly number[] };
}

const CLAIM_FIELDS = { eq: true, name: true, claim: true, rate: true, where: true, on: true, note: true } as const;
const FIGURE_FIELDS = { eq: true, name: true, plot: true, where: true, at: true, x: true, curves: true } as const;
/** '(0, pi/5]': open or closed ends, each an expression. */
const INTERVAL = /^\s*([[(])(.+),(.+)([\])])\s*$/;

/** The claims of `paper.claims`, or one error listing every problem. */
export function checkClaims(input: unknown, model: Model): PaperClaim[] {
  const { value, problems } = paperClaims(input, model);
  if (problems.length) throw combineErrors(problems);
  return value;
}

export function paperClaims(input: unknown, model: Model): Checked<PaperClaim[]> {
  const out = new Problems(model.name);
  const params = new Set(['pi', ...model.parameters.map((p) => p.name)]);
  const state = stateSymbols(model);
  const claims: PaperClaim[] = [];
  if (input === undefined) return out.result(claims);
  (arrayAt(input, 'paper.claims', 'a list of claims', out) ?? []).forEach((item, i) => {
    const field = `paper.claims[${i}]`;
    const c = fieldsAt(item, field, 'a claim { eq, name, claim }', out);
    if (!c) return;
    rejectUnknownKeys(c, CLAIM_FIELDS, field, out);
    const eq = equationNumber(c.eq, member(field, 'eq'), out);
    const nameText = stringAt(c.name, member(field, 'name'), 'name', out);
    const name = nameText === undefined ? undefined : checkLatexMath(nameText, member(field, 'name'), out);
    const note = c.note === undefined ? undefined : checkNote(c.note, member(field, 'note'), out);
    const where = whereBindings(c.where, member(field, 'where'), state, out);
    const text = stringAt(c.claim, member(field, 'claim'), 'claim', out);
    const sides = text === undefined ? undefined : inequality(text, member(field, 'claim'), out);
    const stray = sides && [sides.greater, sides.smaller].flatMap((e) => [...freeSymbols(e)]).filter((x) => !params.has(x) && !where.has(x));
    if (stray?.length) out.add('unknown-symbol', member(field, 'claim'), `${[...new Set(stray)].join(', ')}: neither a parameter nor bound in where`);
    const rate = c.rate === undefined ? undefined : stringAt(c.rate, member(field, 'rate'), 'rate', out);
    const bound = rate === undefined ? undefined : where.get(rate);
    if (rate !== undefined && !(bound && 'expr' in bound && [...freeSymbols(bound.expr)].filter((x) => x !== 'pi').length === 1))
      out.add('bad-type', member(field, 'rate'), `${rate} is not a where symbol bound to an expression of one parameter (k: 'pi/alpha')`);
    const on = ranges(c.on, member(field, 'on'), params, out);
    if (eq === undefined || name === undefined || text === undefined || !sides || stray?.length) return;
    claims.push({
      eq,
      name,
      text,
      greater: sides.greater,
      smaller: sides.smaller,
      strict: sides.strict,
      ...(rate !== undefined ? { rate } : {}),
      where,
      on,
      ...(note !== undefined ? { note } : {}),
    });
  });
  return out.result(claims);
}

/** 'A < B' → B > A; 'A >= B' → A ≥ B. */
function inequality(text: string, field: string, out: Problems): { greater: Expr; smaller: Expr; strict: boolean } | undefined {
  const parts = text.split(/([<>]=?)/);
  if (parts.length !== 3) {
    out.add('bad-type', field, `${JSON.stringify(text)}: a claim is one inequality, 'A < B', 'A > B', 'A <= B' or 'A >= B'`);
    return undefined;
  }
  const [a, sense, b] = parts as [string, string, string];
  const left = parseText(a, field, out);
  const right = parseText(b, field, out);
  if (!left || !right) return undefined;
  const strict = sense.length === 1;
  return sense.startsWith('>') ? { greater: left, smaller: right, strict } : { greater: right, smaller: left, strict };
}

/** `on`: parameter → an interval '(lo, hi]'. */
function ranges(input: unknown, field: string, params: ReadonlySet<string>, out: Problems): Map<string, ClaimRange> {
  const on = new Map<string, ClaimRange>();
  if (input === undefined) return on;
  for (const [name, value] of Object.entries(fieldsAt(input, field, 'an object of parameter → interval', out) ?? {})) {
    const at = member(field, name);
    const text = stringAt(value, at, 'an interval', out);
    const m = text === undefined ? null : INTERVAL.exec(text);
    if (!params.has(name) || name === 'pi') out.add('unknown-symbol', at, `${name} is not a parameter of the model`);
    else if (!m) out.add('bad-type', at, `${JSON.stringify(text)} is not an interval such as '(0, pi/5]'`);
    else {
      const lower = parseText(m[2]!, at, out);
      const upper = parseText(m[3]!, at, out);
      if (lower && upper) on.set(name, { lower, upper, lowerOpen: m[1] === '(', upperOpen: m[4] === ')' });
    }
  }
  return on;
}

/** The figures of `paper.figures`, or one error listing every problem. */
export function checkFigures(input: unknown, model: Model): PaperFigure[] {
  const { value, problems } = paperFigures(input, model);
  if (problems.length) throw combineErrors(problems);
  return value;
}

export function paperFigures(input: unknown, model: Model): Checked<PaperFigure[]> {
  const out = new Problems(model.name);
  const params = new Set(['pi', ...model.parameters.map((p) => p.name)]);
  const figures: PaperFigure[] = [];
  if (input === undefined) return out.result(figures);
  (arrayAt(input, 'paper.figures', 'a list of figures', out) ?? []).forEach((item, i) => {
    const field = `paper.figures[${i}]`;
    const f = fieldsAt(item, field, 'a figure { eq, name, plot, x, curves }', out);
    if (!f) return;
    rejectUnknownKeys(f, FIGURE_FIELDS, field, out);
    const eq = equationNumber(f.eq, member(field, 'eq'), out);
    const nameText = stringAt(f.name, member(field, 'name'), 'name', out);
    const name = nameText === undefined ? undefined : checkLatexMath(nameText, member(field, 'name'), out);
    const x = fieldsAt(f.x, member(field, 'x'), 'an abscissa { symbol, from, to, log }', out);
    const symbol = x && stringAt(x.symbol, member(member(field, 'x'), 'symbol'), 'symbol', out);
    const from = x?.from;
    const to = x?.to;
    if (typeof from !== 'number' || typeof to !== 'number' || !(from < to) || (x?.log === true && from <= 0))
      out.add('bad-type', member(field, 'x'), 'x.from < x.to are numbers (positive on a log axis)');
    const state = new Set([...stateSymbols(model), ...(symbol ? [symbol] : [])]);
    const where = whereBindings(f.where, member(field, 'where'), state, out);
    const at = new Map<string, Expr>();
    for (const [p, v] of Object.entries(f.at === undefined ? {} : (fieldsAt(f.at, member(field, 'at'), 'an object of parameter → expression', out) ?? {}))) {
      const e = typeof v === 'string' ? parseText(v, member(member(field, 'at'), p), out) : undefined;
      if (!params.has(p) || !e) out.add('bad-type', member(member(field, 'at'), p), `${p}: a parameter set to an expression of ${symbol ?? 'the abscissa'}`);
      else at.set(p, e);
    }
    const curves = Object.entries(fieldsAt(f.curves, member(field, 'curves'), 'one parameter → its values', out) ?? {});
    const [parameter, values] = curves[0] ?? [];
    if (curves.length !== 1 || !parameter || !params.has(parameter) || !Array.isArray(values) || !values.every((v) => typeof v === 'number'))
      out.add('bad-type', member(field, 'curves'), 'curves names one parameter and its values, { Istar: [0.25, 0.75] }');
    const plotText = stringAt(f.plot, member(field, 'plot'), 'plot', out);
    const plot = plotText === undefined ? undefined : parseText(plotText, member(field, 'plot'), out);
    if (eq === undefined || name === undefined || !plot || !symbol || typeof from !== 'number' || typeof to !== 'number' || !parameter || out.list.length)
      return;
    figures.push({
      eq,
      name,
      plot,
      where,
      at,
      x: { symbol, from, to, log: x?.log === true },
      curves: { parameter, values: values as number[] },
    });
  });
  return out.result(figures);
}
