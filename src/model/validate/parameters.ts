// parameters: name → default value, or { default, range, description, unit }.
// A default must be a finite number and lie inside the declared range (a
// closed interval unless `open: true | 'lower' | 'upper'` excludes ends,
// whose ends may be expressions in the other parameters, e.g. [0, 'pi/2'],
// evaluated at the defaults; a null end leaves its side unbounded:
// ['m*l^2', null] with open: 'lower' is I > m l²). The other limits of the values (restitution,
// compliant coefficients, masses) are checked by ../limits.ts.
import { sym, type Expr } from '../../core/expr.js';
import { evaluate } from '../../core/evaluate.js';
import { toText } from '../../core/print.js';
import { PARAMETER_FIELDS } from '../spec.js';
import type { Parameter } from '../types.js';
import type { ExprReader } from './expressions.js';
import type { Namespace } from './identifiers.js';
import { Problems, type Checked } from './problems.js';
import { fieldsAt, isFields, member, rejectUnknownKeys, typeName, type Fields } from './shape.js';
import { optionalNote, optionalText } from './text.js';

/** The parameters with their defaults (ranges are read once every name is known: checkParameterRanges). */
export function checkParameters(x: unknown, names: Namespace, model: string | undefined): Checked<Parameter[]> {
  const out = new Problems(model);
  const parameters: Parameter[] = [];
  const all = x === undefined ? {} : (fieldsAt(x, 'parameters', 'an object of parameters (name → default or { default, range, … })', out) ?? {});
  for (const [key, p] of Object.entries(all)) {
    const field = member('parameters', key);
    const spec: Fields = isFields(p) ? p : { default: p };
    if (isFields(p)) rejectUnknownKeys(p, PARAMETER_FIELDS, field, out);
    const description = optionalNote(spec.description, `${field}.description`, out);
    const unit = optionalText(spec.unit, 'unit', `${field}.unit`, out);
    const name = names.claim(key, field, out);
    if (name === undefined) continue;
    const value = spec.default;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      out.add('bad-default', field, `parameter '${name}' needs a finite default value, got ${typeof value === 'number' ? value : typeName(value)}`);
      continue;
    }
    parameters.push({
      name,
      symbol: sym(name),
      default: value,
      ...(description !== undefined ? { description } : {}),
      ...(unit !== undefined ? { unit } : {}),
    });
  }
  return out.result(parameters);
}

/** The defaults as a numeric environment. */
export const defaultValues = (parameters: readonly Parameter[]): Record<string, number> => Object.fromEntries(parameters.map((p) => [p.name, p.default]));

/** The parameters with their declared ranges, each checked to hold its default. */
export function checkParameterRanges(x: unknown, parameters: readonly Parameter[], reader: ExprReader, model: string | undefined): Checked<Parameter[]> {
  const out = new Problems(model);
  const withRanges = parameters.map((p): Parameter => {
    const spec = isFields(x) ? x[p.name] : undefined;
    if (isFields(spec) && spec.open !== undefined && spec.range === undefined)
      out.add('bad-range', `${member('parameters', p.name)}.open`, `parameter '${p.name}' has no range for open to apply to`);
    if (!isFields(spec) || spec.range === undefined) return p;
    const field = `${member('parameters', p.name)}.range`;
    const ends = spec.range;
    if (!Array.isArray(ends) || ends.length !== 2) {
      out.add('bad-type', field, `a range is a pair [lower, upper] (null for a side without bound), got ${typeName(ends)}`);
      return p;
    }
    if (ends[0] === null && ends[1] === null) {
      out.add('bad-range', field, `parameter '${p.name}': the range [null, null] bounds nothing; give at least one end (or no range)`);
      return p;
    }
    // A null end is no bound; any other is read as an expression of the other parameters.
    const read = (end: unknown): Expr | undefined | false => {
      if (end === null) return undefined;
      if (end === Infinity || end === -Infinity) {
        out.add('bad-range', field, `parameter '${p.name}': an end ${end} is written null (no bound on that side)`);
        return false;
      }
      return reader.read(end, field, out, { parametersOnly: true }) ?? false;
    };
    const [lo, hi] = [read(ends[0]), read(ends[1])];
    if (lo === false || hi === false) return p;
    const open = openEnds(spec.open, `${member('parameters', p.name)}.open`, out);
    if (!open) return p;
    if ((spec.open === 'lower' && !lo) || (spec.open === 'upper' && !hi)) {
      out.add('bad-range', `${member('parameters', p.name)}.open`, `parameter '${p.name}': open '${spec.open}' names an end the range leaves unbounded`);
      return p;
    }
    // An unbounded side has no end to exclude.
    const ranged = { ...p, range: [lo, hi] as const, open: { lower: open.lower && lo !== undefined, upper: open.upper && hi !== undefined } };
    const [a, b] = rangeValues(ranged, parameters)!;
    const [written, values] = [rangeText(ranged), rangeText(ranged, parameters)];
    const shown = written === values ? values : `${written}, at the defaults ${values}`;
    const finite = (end: Expr | undefined, v: number): boolean => end === undefined || Number.isFinite(v);
    if (!(finite(lo, a) && finite(hi, b) && a < b)) out.add('bad-range', field, `parameter '${p.name}': the range ${shown} is empty or not finite`);
    else if (!inRange(ranged, p.default, parameters))
      out.add('bad-range', field, `parameter '${p.name}': the default ${p.default} must lie inside the range ${shown}`);
    else return { ...p, range: ranged.range, ...(ranged.open.lower || ranged.open.upper ? { open: ranged.open } : {}) };
    return p;
  });
  return out.result(withRanges);
}

/** The numeric ends of a parameter's declared range, at the defaults (−∞ or ∞ where a side is unbounded); undefined without a range. */
export function rangeValues(p: Parameter, parameters: readonly Parameter[]): readonly [number, number] | undefined {
  if (!p.range) return undefined;
  const env = defaultValues(parameters);
  const [lo, hi] = p.range;
  return [lo ? evaluate(lo, env) : -Infinity, hi ? evaluate(hi, env) : Infinity];
}

/** Whether v lies in p's declared range at the defaults (true without a range). */
export function inRange(p: Parameter, v: number, parameters: readonly Parameter[]): boolean {
  const [a, b] = rangeValues(p, parameters) ?? [-Infinity, Infinity];
  return (p.open?.lower ? a < v : a <= v) && (p.open?.upper ? v < b : v <= b);
}

/** A parameter's range as text: its ends as written ("[0, pi/2]", "(m*l^2, ∞)"), or their values at the defaults of `parameters`. */
export function rangeText(p: Parameter, parameters?: readonly Parameter[]): string {
  const [lo, hi] = p.range ?? [];
  const env = parameters && defaultValues(parameters);
  const end = (e: Expr): string => (env ? String(evaluate(e, env)) : toText(e));
  return `${p.open?.lower || !lo ? '(' : '['}${lo ? end(lo) : '−∞'}, ${hi ? end(hi) : '∞'}${p.open?.upper || !hi ? ')' : ']'}`;
}

/** The ends a range excludes: `open: true` both, 'lower' or 'upper' one; absent or false none. */
function openEnds(x: unknown, field: string, out: Problems): { lower: boolean; upper: boolean } | undefined {
  if (x === undefined || x === false) return { lower: false, upper: false };
  if (x === true) return { lower: true, upper: true };
  if (x === 'lower' || x === 'upper') return { lower: x === 'lower', upper: x === 'upper' };
  out.add('bad-range', field, `open is true, 'lower' or 'upper' (the ends the range excludes), got ${typeName(x)}`);
  return undefined;
}
