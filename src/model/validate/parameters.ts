// parameters: name → default value, or { default, range, description, unit }.
// A default must be a finite number and lie inside the declared range (a
// closed interval unless `open: true | 'lower' | 'upper'` excludes ends,
// whose ends may be expressions in the other parameters, e.g. [0, 'pi/2'],
// evaluated at the defaults). The other limits of the values (restitution,
// compliant coefficients, masses) are checked by ../limits.ts.
import { sym, type Expr } from '../../core/expr.js';
import { evaluate } from '../../core/evaluate.js';
import { PARAMETER_FIELDS } from '../spec.js';
import type { Parameter } from '../types.js';
import type { ExprReader } from './expressions.js';
import type { Namespace } from './identifiers.js';
import { Problems, type Checked } from './problems.js';
import { fieldsAt, isFields, member, rejectUnknownKeys, typeName, type Fields } from './shape.js';
import { optionalText } from './text.js';

/** The parameters with their defaults (ranges are read once every name is known: checkParameterRanges). */
export function checkParameters(x: unknown, names: Namespace, model: string | undefined): Checked<Parameter[]> {
  const out = new Problems(model);
  const parameters: Parameter[] = [];
  const all = x === undefined ? {} : (fieldsAt(x, 'parameters', 'an object of parameters (name → default or { default, range, … })', out) ?? {});
  for (const [key, p] of Object.entries(all)) {
    const field = member('parameters', key);
    const spec: Fields = isFields(p) ? p : { default: p };
    if (isFields(p)) rejectUnknownKeys(p, PARAMETER_FIELDS, field, out);
    const description = optionalText(spec.description, 'description', `${field}.description`, out);
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
  const env = defaultValues(parameters);
  const withRanges = parameters.map((p): Parameter => {
    const spec = isFields(x) ? x[p.name] : undefined;
    if (isFields(spec) && spec.open !== undefined && spec.range === undefined)
      out.add('bad-range', `${member('parameters', p.name)}.open`, `parameter '${p.name}' has no range for open to apply to`);
    if (!isFields(spec) || spec.range === undefined) return p;
    const field = `${member('parameters', p.name)}.range`;
    const ends = spec.range;
    if (!Array.isArray(ends) || ends.length !== 2) {
      out.add('bad-type', field, `a range is a pair [lower, upper], got ${typeName(ends)}`);
      return p;
    }
    const lo = reader.read(ends[0], field, out, { parametersOnly: true });
    const hi = reader.read(ends[1], field, out, { parametersOnly: true });
    if (!lo || !hi) return p;
    const open = openEnds(spec.open, `${member('parameters', p.name)}.open`, out);
    if (!open) return p;
    const [a, b] = [evaluate(lo, env), evaluate(hi, env)];
    const shown = `${open.lower ? '(' : '['}${a}, ${b}${open.upper ? ')' : ']'}`;
    const above = (v: number): boolean => (open.lower ? a < v : a <= v);
    const below = (v: number): boolean => (open.upper ? v < b : v <= b);
    if (!(Number.isFinite(a) && Number.isFinite(b) && a < b)) out.add('bad-range', field, `parameter '${p.name}': the range ${shown} is empty or not finite`);
    else if (!(above(p.default) && below(p.default)))
      out.add('bad-range', field, `parameter '${p.name}': the default ${p.default} must lie inside the range ${shown}`);
    else return { ...p, range: [lo, hi] as const satisfies readonly [Expr, Expr], ...(open.lower || open.upper ? { open } : {}) };
    return p;
  });
  return out.result(withRanges);
}

/** The numeric ends of a parameter's declared range, at the defaults; undefined without a range. */
export function rangeValues(p: Parameter, parameters: readonly Parameter[]): readonly [number, number] | undefined {
  if (!p.range) return undefined;
  const env = defaultValues(parameters);
  return [evaluate(p.range[0], env), evaluate(p.range[1], env)];
}

/** The ends a range excludes: `open: true` both, 'lower' or 'upper' one; absent or false none. */
function openEnds(x: unknown, field: string, out: Problems): { lower: boolean; upper: boolean } | undefined {
  if (x === undefined || x === false) return { lower: false, upper: false };
  if (x === true) return { lower: true, upper: true };
  if (x === 'lower' || x === 'upper') return { lower: x === 'lower', upper: x === 'upper' };
  out.add('bad-range', field, `open is true, 'lower' or 'upper' (the ends the range excludes), got ${typeName(x)}`);
  return undefined;
}
