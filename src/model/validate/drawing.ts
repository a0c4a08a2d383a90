// drawing: the sketch of a model for its report's figures and animation,
// read against the model's names: named points [x, y] as expressions of the
// coordinates and parameters, segments and discs between named points (a
// disc's radius of the parameters only), and fixed lines, each an equation
// linear in the plane's x and y at the parameters' values. buildModel runs
// it on a declared drawing before anything is derived; the report's sketch
// (report/sketch.ts modelDrawing) reads it again at the parameter values a
// run uses (the playground's sliders move the compass's slope). Its
// annotations (axes, angle arcs, gravity, surfaces, supports) are read here
// too; the report fills in what is left out (report/sketch-annotations.ts).
// Tests: test/model/validate/drawing.test.ts, test/report/sketch.test.ts.
import { ONE, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import { evaluate, type Env } from '../../core/evaluate.js';
import { parseExpr } from '../../core/parse.js';
import { MechanicsError } from '../../errors.js';
import { ANGLE_DIRECTIONS, ANGLE_MARK_FIELDS, ANNOTATION_FIELDS, DISC_FIELDS, DRAWING_FIELDS, NOTE_FIELDS, VECTOR_MARK_FIELDS } from '../spec.js';
import type { AngleMark, Coordinate, Drawing, DrawingAnnotations, GroundLine, Parameter, PlaneCurve } from '../types.js';
import { ExprReader } from './expressions.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, fieldsAt, member, rejectUnknownKeys, stringAt, typeName } from './shape.js';
import { optionalNote } from './text.js';

const FIELD = 'drawing';

/** Points are named in the sketch up to this many (a chain of 30 bobs is clearer without). */
const MAX_LABELLED = 6;

/** The plane's axes in a ground equation, kept apart from any coordinate named x or y. */
export const PLANE_X = sym('drawing·x');
export const PLANE_Y = sym('drawing·y');

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
  // Segments, springs, dampers and guides: each a list of pairs [from, to] of named points.
  const pairs = (key: 'segments' | 'springs' | 'dampers' | 'guides', what: string) =>
    listAt(declared[key], key, `a list of ${key} [from, to]`, out).map((pair, k) => {
      const field = `${FIELD}.${key}[${k}]`;
      const ends = arrayAt(pair, field, `${what} [from, to]`, out);
      return [index(ends?.[0], field), index(ends?.[1], field)] as const;
    });
  const segments = pairs('segments', 'a segment');
  const springs = pairs('springs', 'a spring');
  const dampers = pairs('dampers', 'a damper');
  const guides = pairs('guides', 'a guide');
  const hidden = listAt(declared.hidden, 'hidden', 'a list of point names', out).map((name, k) => index(name, `${FIELD}.hidden[${k}]`));
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
  // Printed in the caption, its $…$ as math: checked as a note, so that no command reaches pdflatex.
  const unscaled = optionalNote(declared.unscaled, member(FIELD, 'unscaled'), out);
  const shows = optionalNote(declared.shows, member(FIELD, 'shows'), out);
  const annotations = checkAnnotations(declared.annotations, known, names, env, out);
  return out.result({
    points,
    segments,
    discs,
    springs,
    dampers,
    guides,
    hidden,
    ground,
    labels,
    ...(unscaled ? { unscaled } : {}),
    ...(shows ? { shows } : {}),
    annotations,
  });
}

/** An optional list of the drawing (absent: empty). */
function listAt(x: unknown, key: string, expected: string, out: Problems): readonly unknown[] {
  return x === undefined ? [] : (arrayAt(x, member(FIELD, key), expected, out) ?? []);
}

const ANNOTATIONS = member(FIELD, 'annotations');

/** The declared annotations, each field read when present (left undefined for the report's defaults). */
function checkAnnotations(x: unknown, known: Known, names: readonly string[], env: Env, out: Problems): DrawingAnnotations {
  if (x === undefined) return { supports: [] };
  const a = fieldsAt(x, ANNOTATIONS, 'annotations { axes, angles, gravity, gravityAngle, surfaces, supports, vectors, notes, moments }', out);
  if (!a) return { supports: [] };
  rejectUnknownKeys(a, ANNOTATION_FIELDS, ANNOTATIONS, out);
  const point = (name: unknown, field: string): number => {
    const i = typeof name === 'string' ? names.indexOf(name) : -1;
    if (i < 0)
      out.add('unknown-field', field, `${typeof name === 'string' ? `'${name}'` : typeName(name)} is not a point of the drawing (points: ${names.join(', ')})`);
    return i;
  };
  const result: { -readonly [K in keyof DrawingAnnotations]: DrawingAnnotations[K] } = { supports: [] };
  if (a.axes !== undefined) {
    const field = member(ANNOTATIONS, 'axes');
    if (a.axes === false) result.axes = false;
    else if (Array.isArray(a.axes) && a.axes.length === 2 && a.axes.every((n) => typeof n === 'string' && n.trim() !== ''))
      result.axes = [a.axes[0] as string, a.axes[1] as string];
    else out.add('bad-type', field, `axes are two names [horizontal, vertical] or false, got ${typeName(a.axes)}`);
  }
  if (a.angles !== undefined)
    result.angles = listAt(a.angles, 'annotations.angles', 'a list of angles { coordinate, at, from, to }', out).flatMap((m, k) => {
      const mark = angleMark(m, `${ANNOTATIONS}.angles[${k}]`, known, point, out);
      return mark ? [mark] : [];
    });
  if (a.gravity !== undefined) {
    const field = member(ANNOTATIONS, 'gravity');
    const g = a.gravity;
    if (g === false) result.gravity = false;
    else if (Array.isArray(g) && g.length === 2 && g.every((c) => typeof c === 'number' && Number.isFinite(c)) && (g[0] !== 0 || g[1] !== 0))
      result.gravity = [g[0] as number, g[1] as number];
    else out.add('bad-annotation', field, `gravity is a non-zero direction [x, y] of finite numbers or false, got ${JSON.stringify(g) ?? typeName(g)}`);
  }
  if (a.gravityAngle !== undefined) {
    const field = member(ANNOTATIONS, 'gravityAngle');
    if (typeof a.gravityAngle === 'string' && known.parameters.some((p) => p.name === a.gravityAngle)) result.gravityAngle = a.gravityAngle;
    else
      out.add(
        'unknown-parameter',
        field,
        `${typeof a.gravityAngle === 'string' ? `'${a.gravityAngle}'` : typeName(a.gravityAngle)} is not a parameter of the model`,
      );
  }
  if (a.surfaces !== undefined)
    result.surfaces = listAt(a.surfaces, 'annotations.surfaces', "a list of equations ('x^2 + y^2 = R^2')", out).flatMap((e, k) => {
      const field = `${ANNOTATIONS}.surfaces[${k}]`;
      const text = stringAt(e, field, 'a surface', out);
      const curve = text === undefined ? undefined : planeCurve(text, env, field, out);
      return curve ? [curve] : [];
    });
  if (a.supports !== undefined)
    result.supports = listAt(a.supports, 'annotations.supports', 'a list of point names', out)
      .map((n, k) => point(n, `${ANNOTATIONS}.supports[${k}]`))
      .filter((i) => i >= 0);
  // A label is a symbol's name, printed as the report prints that symbol.
  const name = (s: unknown, field: string): string | undefined => {
    const text = stringAt(s, field, "a symbol's name ('v0', 'Phi')", out);
    if (text !== undefined && !/^[A-Za-z][A-Za-z0-9_]*$/.test(text)) out.add('bad-annotation', field, `'${text}' is not a symbol's name ('v0', 'Phi')`);
    return text;
  };
  if (a.vectors !== undefined)
    result.vectors = listAt(a.vectors, 'annotations.vectors', 'a list of arrows { from, to, label }', out).flatMap((m, k) => {
      const field = `${ANNOTATIONS}.vectors[${k}]`;
      const f = fieldsAt(m, field, 'an arrow { from, to, label }', out);
      if (!f) return [];
      rejectUnknownKeys(f, VECTOR_MARK_FIELDS, field, out);
      const [from, to, label] = [point(f.from, member(field, 'from')), point(f.to, member(field, 'to')), name(f.label, member(field, 'label'))];
      return from >= 0 && to >= 0 && label !== undefined ? [{ from, to, label }] : [];
    });
  // A note and a moment are both a label at a point: { at, label }.
  const labelled = (key: 'notes' | 'moments', what: string) =>
    listAt(a[key], `annotations.${key}`, `a list of ${what} { at, label }`, out).flatMap((m, k) => {
      const field = `${ANNOTATIONS}.${key}[${k}]`;
      const f = fieldsAt(m, field, `a ${what.replace(/s$/, '')} { at, label }`, out);
      if (!f) return [];
      rejectUnknownKeys(f, NOTE_FIELDS, field, out);
      const [at, label] = [point(f.at, member(field, 'at')), name(f.label, member(field, 'label'))];
      return at >= 0 && label !== undefined ? [{ at, label }] : [];
    });
  if (a.notes !== undefined) result.notes = labelled('notes', 'labels');
  if (a.moments !== undefined) result.moments = labelled('moments', 'moments');
  return result;
}

/**
 * { coordinate: 'theta', at: 'O', from: 'down', to: 'bob' } read against the coordinates (an angle, in rad) and the
 * points; or { angle: 'pi/3', label: '2*alpha', … }, a fixed angle in the parameters and its label.
 */
function angleMark(x: unknown, field: string, known: Known, point: (name: unknown, field: string) => number, out: Problems): AngleMark | undefined {
  const m = fieldsAt(x, field, 'an angle { coordinate or angle and label, at, from, to }', out);
  if (!m) return undefined;
  rejectUnknownKeys(m, ANGLE_MARK_FIELDS, field, out);
  const angle = m.angle === undefined ? undefined : new ExprReader([], known.parameters).read(m.angle, member(field, 'angle'), out);
  const label = m.angle === undefined ? undefined : angleLabel(m.label, member(field, 'label'), out);
  if (m.angle !== undefined && m.coordinate !== undefined) out.add('bad-annotation', field, 'an angle mark names a coordinate or an angle, not both');
  const coordinate = m.angle === undefined ? known.coordinates.findIndex((c) => c.name === m.coordinate) : -1;
  if (m.angle !== undefined) {
    if (!angle || !label) return undefined;
  } else if (coordinate < 0) out.add('unknown-coordinate', member(field, 'coordinate'), `'${String(m.coordinate)}' is not a coordinate of the model`);
  else if (known.coordinates[coordinate]!.unit !== undefined && known.coordinates[coordinate]!.unit !== 'rad')
    out.add(
      'bad-annotation',
      member(field, 'coordinate'),
      `'${String(m.coordinate)}' is in ${known.coordinates[coordinate]!.unit}, not an angle: an arc marks a coordinate in rad`,
    );
  const at = point(m.at, member(field, 'at'));
  const to = point(m.to, member(field, 'to'));
  const degrees = typeof m.from === 'string' && Object.hasOwn(ANGLE_DIRECTIONS, m.from) ? ANGLE_DIRECTIONS[m.from as keyof typeof ANGLE_DIRECTIONS] : undefined;
  const from = degrees === undefined ? point(m.from, member(field, 'from')) : -1;
  if (at >= 0 && (at === to || at === from)) out.add('bad-annotation', field, `an angle at '${String(m.at)}' is measured between two other points`);
  if ((angle === undefined && coordinate < 0) || at < 0 || to < 0 || (degrees === undefined && from < 0)) return undefined;
  return { ...(angle && label ? { angle, label } : { coordinate }), at, to, from: degrees === undefined ? { point: from } : { degrees } };
}

/** A fixed angle's label, a positive number times one symbol ('2*alpha'); undefined (a problem added) otherwise. */
function angleLabel(x: unknown, field: string, out: Problems): Expr | undefined {
  const text = stringAt(x, field, "a label ('2*alpha')", out);
  if (text === undefined) return undefined;
  let e: Expr | undefined;
  try {
    e = parseExpr(text);
  } catch {
    e = undefined;
  }
  const base = e?.kind === 'mul' && e.factors.length === 1 && e.factors[0]!.exp === ONE ? e.factors[0]!.base : e;
  if (e && base?.kind === 'sym' && (e.kind !== 'mul' || e.coeff.n > 0)) return e;
  out.add('bad-annotation', field, `a fixed angle's label is a positive number times a symbol ('2*alpha'), got '${text}'`);
  return undefined;
}

/** An equation in the plane's x and y as its two sides, parsed; undefined (a problem added) where it is not one. */
function planeEquation(source: string, env: Env, field: string, out: Problems, code: 'bad-annotation' | 'bad-type', example: string): [Expr, Expr] | undefined {
  const sides = source.split('=');
  if (sides.length !== 2) {
    out.add(code, field, `expected one equation in x and y such as '${example}', got '${source}'`);
    return undefined;
  }
  try {
    const scope = PLANE_SCOPE(env);
    return [parseExpr(sides[0]!, scope), parseExpr(sides[1]!, scope)];
  } catch (err) {
    if (!(err instanceof MechanicsError)) throw err;
    out.locate(err, field);
    return undefined;
  }
}

/** 'x^2 + y^2 = R^2' as left − right in the plane's x and y, finite at the origin's neighbourhood. */
function planeCurve(source: string, env: Env, field: string, out: Problems): PlaneCurve | undefined {
  const sides = planeEquation(source, env, field, out, 'bad-annotation', 'x^2 + y^2 = R^2');
  if (!sides) return undefined;
  const f: Expr = sub(sides[0], sides[1]);
  if (!Number.isFinite(evaluate(f, { ...env, [PLANE_X.name]: 0.37, [PLANE_Y.name]: -0.29 }))) {
    out.add('bad-annotation', field, `'${source}' does not evaluate to a number in the plane`);
    return undefined;
  }
  return { f };
}

/** x and y name the plane's axes; the parameters and pi are known; anything else is an unknown symbol. */
const PLANE_SCOPE = (env: Env) => ({
  symbol: (name: string) => (name === 'x' ? PLANE_X : name === 'y' ? PLANE_Y : name in env || name === 'pi' ? sym(name) : undefined),
});

/** 'y = -x*tan(alpha)' as a·x + b·y + c = 0 (left − right), checked linear in x and y. */
function groundLine(source: string, env: Env, field: string, out: Problems): GroundLine | undefined {
  const f = planeEquation(source, env, field, out, 'bad-type', 'y = 0');
  if (!f) return undefined;
  const at = (x: number, y: number): number =>
    evaluate(f[0], { ...env, [PLANE_X.name]: x, [PLANE_Y.name]: y }) - evaluate(f[1], { ...env, [PLANE_X.name]: x, [PLANE_Y.name]: y });
  const c = at(0, 0);
  const a = at(1, 0) - c;
  const b = at(0, 1) - c;
  // Linear: the value at a far point is what a, b, c predict.
  if (Math.abs(at(3.7, -2.9) - (3.7 * a - 2.9 * b + c)) > 1e-9 * (1 + Math.abs(a) + Math.abs(b) + Math.abs(c)) || (a === 0 && b === 0)) {
    out.add('bad-type', field, `'${source}' is not a line: write an equation linear in x and y`);
    return undefined;
  }
  return { a, b, c };
}
