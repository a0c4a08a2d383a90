// The sketches of a model file's `paper` declaration (PaperSketchSpec): the
// figure's number, the coordinates it sets (expressions of the parameters
// alone), the parameter values it is drawn at, its caption, a drawing of its
// own (read as the model's is), and the labels of the reactions it draws at
// points of the drawing. The report draws them
// (src/report/paper-sketches.ts).
// Tests: test/model/validate/paper-sketches.test.ts.
import { freeSymbols, type Expr } from '../../core/expr.js';
import { combineErrors } from '../../errors.js';
import type { Drawing, Model } from '../types.js';
import { checkDrawing } from './drawing.js';
import { equationNumber, parseText } from './paper.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, fieldsAt, member, rejectUnknownKeys } from './shape.js';
import { checkLatexMath, checkNote } from './text.js';

export interface PaperSketch {
  readonly eq: string;
  /** Coordinate name → its value, an expression of the parameters. */
  readonly at: ReadonlyMap<string, Expr>;
  readonly caption: string;
  /** Parameter name → the value the figure is drawn at. */
  readonly params: ReadonlyMap<string, number>;
  /** Drawing point → the reaction's label (LaTeX). */
  readonly reactions: ReadonlyMap<string, string>;
  /** The figure's own drawing (a close-up of a hinge), else the model's. */
  readonly drawing?: Drawing;
}

const SKETCH_FIELDS = { eq: true, at: true, caption: true, params: true, reactions: true, drawing: true } as const;

/** The sketches of `paper.sketches`, or one error listing every problem. */
export function checkSketches(input: unknown, model: Model, points: readonly string[]): PaperSketch[] {
  const { value, problems } = paperSketches(input, model, points);
  if (problems.length) throw combineErrors(problems);
  return value;
}

/** `points`: the names of the drawing's points, at which reactions may be drawn. */
export function paperSketches(input: unknown, model: Model, points: readonly string[]): Checked<PaperSketch[]> {
  const out = new Problems(model.name);
  const params = new Set(['pi', ...model.parameters.map((p) => p.name)]);
  const coordinates = new Set(model.coordinates.map((c) => c.name));
  const sketches: PaperSketch[] = [];
  if (input === undefined) return out.result(sketches);
  (arrayAt(input, 'paper.sketches', 'a list of sketches', out) ?? []).forEach((item, i) => {
    const field = `paper.sketches[${i}]`;
    const f = fieldsAt(item, field, 'a sketch { eq, at, caption }', out);
    if (!f) return;
    const before = out.list.length;
    rejectUnknownKeys(f, SKETCH_FIELDS, field, out);
    const eq = equationNumber(f.eq, member(field, 'eq'), out);
    const caption = checkNote(f.caption, member(field, 'caption'), out);
    const at = new Map<string, Expr>();
    for (const [q, v] of Object.entries(fieldsAt(f.at, member(field, 'at'), 'an object of coordinate → expression', out) ?? {})) {
      const where = member(member(field, 'at'), q);
      const e = typeof v === 'string' || typeof v === 'number' ? parseText(String(v), where, out) : undefined;
      const stray = e ? [...freeSymbols(e)].filter((x) => !params.has(x)) : [];
      if (!coordinates.has(q)) out.add('unknown-symbol', where, `${q} is not a coordinate of the model`);
      else if (!e) out.add('bad-type', where, `${q}: an expression of the parameters`);
      else if (stray.length) out.add('unknown-symbol', where, `${stray.join(', ')}: not parameters of the model (a sketch's configuration is fixed)`);
      else at.set(q, e);
    }
    const values = new Map<string, number>();
    for (const [p, v] of Object.entries(
      f.params === undefined ? {} : (fieldsAt(f.params, member(field, 'params'), 'an object of parameter → number', out) ?? {}),
    )) {
      if (!params.has(p) || p === 'pi') out.add('unknown-symbol', member(member(field, 'params'), p), `${p} is not a parameter of the model`);
      else if (typeof v !== 'number' || !Number.isFinite(v)) out.add('bad-type', member(member(field, 'params'), p), `${p}: a finite number`);
      else values.set(p, v);
    }
    // A drawing of its own is read as the model's is, its problems at this sketch's field.
    const own = f.drawing === undefined ? undefined : checkDrawing(f.drawing, model, model.name);
    for (const p of own?.problems ?? []) out.locate(p, (p.where.field ?? 'drawing').replace(/^drawing/, member(field, 'drawing')));
    const named = own?.value ? own.value.points.map((p) => p.name) : points;
    const reactions = new Map<string, string>();
    for (const [point, v] of Object.entries(
      f.reactions === undefined ? {} : (fieldsAt(f.reactions, member(field, 'reactions'), 'an object of drawing point → label', out) ?? {}),
    )) {
      const where = member(member(field, 'reactions'), point);
      const label = typeof v === 'string' ? checkLatexMath(v, where, out) : undefined;
      if (!named.includes(point)) out.add('unknown-field', where, `'${point}' is not a point of the drawing (points: ${named.join(', ')})`);
      if (typeof v !== 'string') out.add('bad-type', where, `${point}: the reaction's label, LaTeX math such as R_1`);
      if (label !== undefined) reactions.set(point, label);
    }
    if (eq === undefined || caption === undefined || out.list.length > before) return;
    sketches.push({ eq, at, caption, params: values, reactions, ...(own?.value ? { drawing: own.value } : {}) });
  });
  return out.result(sketches);
}
