// The figures of a model file's `paper` declaration a study draws
// (PaperStudyFigureSpec): each kind at most once, on a model the study can
// read — 'confocal-motions' (kozlov1988 Fig. 3) on the parabolic billiard's
// coordinates x, y and parameters a, g, its starts giving every coordinate
// and velocity a finite number; 'periodic-orbit-walls' (kozlov1988 Fig. 2)
// on a model that declares its orbit. The report inputs read them
// (src/pipeline/report-inputs.ts).
// Tests: test/model/validate/paper-study-figures.test.ts.
import { combineErrors } from '../../errors.js';
import { STUDY_FIGURE_KINDS, type ConfocalStartSpec } from '../spec.js';
import type { Model } from '../types.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, fieldsAt, member, rejectUnknownKeys, typeName } from './shape.js';

/** The declared figures, by kind: the confocal motions' starts, whether the orbit is drawn between its walls. */
export interface StudyFigures {
  readonly confocal?: readonly ConfocalStartSpec[];
  readonly orbitWalls: boolean;
}

const FIELDS = { 'confocal-motions': { kind: true, starts: true }, 'periodic-orbit-walls': { kind: true } } as const;
const START_FIELDS = { panel: true, q: true, qd: true } as const;
const PANELS = new Set(['a', 'b']);
/** What the confocal study reads of the model (kozlov1988 §5: the wall y = x²/(2a) under gravity g). */
const CONFOCAL_NAMES = { coordinates: ['x', 'y'], parameters: ['a', 'g'] } as const;

/** The figures of `paper.studyFigures`, or one error listing every problem; `orbit`: whether the model declares its orbit. */
export function checkStudyFigures(input: unknown, model: Model, orbit: boolean): StudyFigures {
  const { value, problems } = paperStudyFigures(input, model, orbit);
  if (problems.length) throw combineErrors(problems);
  return value;
}

export function paperStudyFigures(input: unknown, model: Model, orbit: boolean): Checked<StudyFigures> {
  const out = new Problems(model.name);
  let confocal: ConfocalStartSpec[] | undefined;
  let orbitWalls = false;
  const seen = new Set<string>();
  if (input === undefined) return out.result({ orbitWalls });
  (arrayAt(input, 'paper.studyFigures', 'a list of figures { kind, … }', out) ?? []).forEach((item, i) => {
    const field = `paper.studyFigures[${i}]`;
    const f = fieldsAt(item, field, 'a figure { kind, … }', out);
    if (!f) return;
    const kind = f.kind;
    if (typeof kind !== 'string' || !Object.hasOwn(STUDY_FIGURE_KINDS, kind)) {
      out.add('unknown-field', member(field, 'kind'), `${JSON.stringify(kind)}: the kind is one of ${Object.keys(STUDY_FIGURE_KINDS).join(', ')}`);
      return;
    }
    rejectUnknownKeys(f, FIELDS[kind as keyof typeof FIELDS], field, out);
    if (seen.has(kind)) out.add('duplicate-name', member(field, 'kind'), `${kind} is declared twice: a study draws its figure once`);
    seen.add(kind);
    if (kind === 'periodic-orbit-walls') {
      if (!orbit) out.add('missing-field', 'orbit', 'periodic-orbit-walls draws the declared orbit: the model declares one');
      orbitWalls = true;
      return;
    }
    const names = new Set([...model.coordinates.map((c) => c.name), ...model.parameters.map((p) => p.name)]);
    const lacking = [...CONFOCAL_NAMES.coordinates, ...CONFOCAL_NAMES.parameters].filter((n) => !names.has(n));
    if (lacking.length)
      out.add(
        'unknown-symbol',
        member(field, 'kind'),
        `confocal-motions reads the coordinates x, y and the parameters a, g; the model lacks ${lacking.join(', ')}`,
      );
    const list = arrayAt(f.starts, member(field, 'starts'), 'a list of starts { panel, q, qd }', out) ?? [];
    if (Array.isArray(f.starts) && !list.length) out.add('missing-field', member(field, 'starts'), 'confocal-motions runs at least one start');
    confocal = list.flatMap((s, k) => confocalStart(s, `${member(field, 'starts')}[${k}]`, model, out));
  });
  return out.result({ ...(confocal ? { confocal } : {}), orbitWalls });
}

/** A start: its panel, and every coordinate and velocity a finite number. */
function confocalStart(input: unknown, field: string, model: Model, out: Problems): ConfocalStartSpec[] {
  const s = fieldsAt(input, field, 'a start { panel, q, qd }', out);
  if (!s) return [];
  const before = out.list.length;
  rejectUnknownKeys(s, START_FIELDS, field, out);
  if (typeof s.panel !== 'string' || !PANELS.has(s.panel))
    out.add('bad-type', member(field, 'panel'), `${JSON.stringify(s.panel)}: the paper's panel, 'a' or 'b'`);
  const q = stateAt(s.q, member(field, 'q'), model, out);
  const qd = stateAt(s.qd, member(field, 'qd'), model, out);
  return out.list.length > before || !q || !qd ? [] : [{ panel: s.panel as ConfocalStartSpec['panel'], q, qd }];
}

/** Coordinate → a finite number, for every coordinate of the model. */
function stateAt(input: unknown, field: string, model: Model, out: Problems): Record<string, number> | undefined {
  const given = fieldsAt(input, field, 'an object of coordinate → number', out);
  if (!given) return undefined;
  const names = model.coordinates.map((c) => c.name);
  for (const [name, v] of Object.entries(given)) {
    const at = member(field, name);
    if (!names.includes(name)) out.add('unknown-coordinate', at, `'${name}' is not a coordinate of the model (coordinates: ${names.join(', ')})`);
    else if (typeof v !== 'number' || !Number.isFinite(v)) out.add('bad-type', at, `${name}: a finite number, not ${typeof v === 'number' ? v : typeName(v)}`);
  }
  const missing = names.filter((n) => !Object.hasOwn(given, n));
  if (missing.length) out.add('missing-field', field, `a start gives every coordinate; ${missing.join(', ')} missing`);
  return given as Record<string, number>;
}
