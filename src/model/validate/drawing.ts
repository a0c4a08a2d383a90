// drawing: the sketch of a model for its report's figures and animation,
// read against the model's names: named points [x, y] as expressions of the
// coordinates and parameters, segments and discs between named points (a
// disc's radius of the parameters only), and fixed lines, each an equation
// linear in the plane's x and y at the parameters' values. buildModel runs
// it on a declared drawing before anything is derived; the report's sketch
// (report/sketch.ts modelDrawing) reads it again at the parameter values a
// run uses (the playground's sliders move the compass's slope).
// Tests: test/model/validate/drawing.test.ts, test/report/sketch.test.ts.
import { sym, ZERO } from '../../core/expr.js';
import { evaluate, type Env } from '../../core/evaluate.js';
import { parseExpr } from '../../core/parse.js';
import { MechanicsError } from '../../errors.js';
import { DISC_FIELDS, DRAWING_FIELDS } from '../spec.js';
import type { Coordinate, Drawing, GroundLine, Parameter } from '../types.js';
import { ExprReader } from './expressions.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, fieldsAt, member, rejectUnknownKeys, stringAt, typeName } from './shape.js';

const FIELD = 'drawing';

/** Points are named in the sketch up to this many (a chain of 30 bobs is clearer without). */
const MAX_LABELLED = 6;

/** The plane's axes in a ground equation, kept apart from any coordinate named x or y. */
const PLANE_X = sym('drawing·x');
const PLANE_Y = sym('drawing·y');

interface Known {
  readonly coordinates: readonly Coordinate[];
  readonly parameters: readonly Parameter[];
}

/** A drawing read against the model (undefined stays undefined), with its problems. */
export function checkDrawing(x: unknown, known: Known, model: string | undefined): Checked<Drawing | undefined> {
  const out = new Problems(model);
  if (x === undefined) return out.result(undefined);
  const declared = fieldsAt(x, FIELD, 'a drawing { points, segments, discs, ground, labels }', out);
  if (!declared) return out.result(undefined);
  rejectUnknownKeys(declared, DRAWING_FIELDS, FIELD, out);
  const reader = new ExprReader(known.coordinates, known.parameters);
  const given = fieldsAt(declared.points, member(FIELD, 'points'), 'named points { name: [x, y] }', out) ?? {};
  const names = Object.keys(given);
  const points = names.map((name) => {
    const field = member(member(FIELD, 'points'), name);
    const xy = arrayAt(given[name], field, 'a point [x, y]', out);
    if (xy?.length !== 2) {
      if (xy) out.add('bad-type', field, `a point is [x, y], got ${xy.length} component(s)`);
      return { name, x: ZERO, y: ZERO };
    }
    return { name, x: reader.read(xy[0], `${field}[0]`, out) ?? ZERO, y: reader.read(xy[1], `${field}[1]`, out) ?? ZERO };
  });
  const index = (name: unknown, field: string): number => {
    const i = typeof name === 'string' ? names.indexOf(name) : -1;
    if (i < 0)
      out.add('unknown-field', field, `${typeof name === 'string' ? `'${name}'` : typeName(name)} is not a point of the drawing (points: ${names.join(', ')})`);
    return i;
  };
  const segments = listAt(declared.segments, 'segments', 'a list of segments [from, to]', out).map((pair, k) => {
    const field = `${FIELD}.segments[${k}]`;
    const ends = arrayAt(pair, field, 'a segment [from, to]', out);
    return [index(ends?.[0], field), index(ends?.[1], field)] as const;
  });
  const discs = listAt(declared.discs, 'discs', 'a list of discs { center, radius }', out).map((d, k) => {
    const field = `${FIELD}.discs[${k}]`;
    const disc = fieldsAt(d, field, 'a disc { center, radius }', out);
    if (disc) rejectUnknownKeys(disc, DISC_FIELDS, field, out);
    return {
      center: index(disc?.center, `${field}.center`),
      radius: (disc && reader.read(disc.radius, `${field}.radius`, out, { parametersOnly: true })) ?? ZERO,
    };
  });
  const grounds =
    declared.ground === undefined
      ? []
      : typeof declared.ground === 'string'
        ? [declared.ground]
        : listAt(declared.ground, 'ground', "a line ('y = 0') or a list of them", out);
  const env: Env = Object.fromEntries(known.parameters.map((p) => [p.symbol.name, p.default]));
  const ground = grounds.flatMap((g, k) => {
    const field = `${FIELD}.ground[${k}]`;
    const text = stringAt(g, field, 'a ground line', out);
    const line = text === undefined ? undefined : groundLine(text, env, field, out);
    return line ? [line] : [];
  });
  if (declared.labels !== undefined && typeof declared.labels !== 'boolean')
    out.add('bad-type', member(FIELD, 'labels'), `labels is true or false, got ${typeName(declared.labels)}`);
  const labels = typeof declared.labels === 'boolean' ? declared.labels : names.length <= MAX_LABELLED;
  return out.result({ points, segments, discs, ground, labels });
}

/** An optional list of the drawing (absent: empty). */
function listAt(x: unknown, key: string, expected: string, out: Problems): readonly unknown[] {
  return x === undefined ? [] : (arrayAt(x, member(FIELD, key), expected, out) ?? []);
}

/** 'y = -x*tan(alpha)' as a·x + b·y + c = 0 (left − right), checked linear in x and y. */
function groundLine(source: string, env: Env, field: string, out: Problems): GroundLine | undefined {
  const sides = source.split('=');
  if (sides.length !== 2) {
    out.add('bad-type', field, `expected one equation in x and y such as 'y = 0', got '${source}'`);
    return undefined;
  }
  try {
    const scope = { symbol: (name: string) => (name === 'x' ? PLANE_X : name === 'y' ? PLANE_Y : name in env || name === 'pi' ? sym(name) : undefined) };
    const f = [parseExpr(sides[0]!, scope), parseExpr(sides[1]!, scope)];
    const at = (x: number, y: number): number =>
      evaluate(f[0]!, { ...env, [PLANE_X.name]: x, [PLANE_Y.name]: y }) - evaluate(f[1]!, { ...env, [PLANE_X.name]: x, [PLANE_Y.name]: y });
    const c = at(0, 0);
    const a = at(1, 0) - c;
    const b = at(0, 1) - c;
    // Linear: the value at a far point is what a, b, c predict.
    if (Math.abs(at(3.7, -2.9) - (3.7 * a - 2.9 * b + c)) > 1e-9 * (1 + Math.abs(a) + Math.abs(b) + Math.abs(c)) || (a === 0 && b === 0)) {
      out.add('bad-type', field, `'${source}' is not a line: write an equation linear in x and y`);
      return undefined;
    }
    return { a, b, c };
  } catch (err) {
    if (!(err instanceof MechanicsError)) throw err;
    out.locate(err, field);
    return undefined;
  }
}
