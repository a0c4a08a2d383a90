// The figures of a model file's `paper` declaration a study draws
// (PaperStudyFigureSpec): each kind at most once, on a model the study can
// read — 'confocal-motions' (kozlov1988 Fig. 3) on the parabolic billiard's
// coordinates x, y and parameters a, g, its starts giving every coordinate
// and velocity a finite number; 'periodic-orbit-walls' (kozlov1988 Fig. 2)
// on a model that declares its orbit; 'realizations' (kozlov1988 Fig. 1) on
// a realized contact of the model, each law a realized one (its terms are
// read when the pipeline builds the model with it), its labels plain words,
// its parameters the model's, t1 and the cut positive; 'averaged-speed'
// (kozlov1988 §3) on a model of two coordinates and one unilateral contact,
// the averaged motion's class (its study names a model outside it);
// 'universal-restitution' (kuleshov2011 Figs. 2–4) on a model with a contact
// patch, whose universal impact problem the report solves; 'incline-runs'
// (kuleshov2011 §2, §11–§12) on a model with a contact patch, each run's
// parameters the model's and its end positive. The report inputs read them
// (src/pipeline/report-inputs.ts).
// Tests: test/model/validate/paper-study-figures.test.ts.
import { combineErrors } from '../../errors.js';
import { STUDY_FIGURE_KINDS, type ConfocalStartSpec, type InclineRunSpec, type RealizedLawSpec } from '../spec.js';
import { isRealizedLaw } from './impact-law.js';
import type { Model } from '../types.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, fieldsAt, member, rejectUnknownKeys, stringAt, typeName, type Fields } from './shape.js';

/** The declared figures, by kind: the confocal motions' starts, whether the orbit is drawn between its walls, the realizations compared. */
export interface StudyFigures {
  readonly confocal?: readonly ConfocalStartSpec[];
  readonly orbitWalls: boolean;
  readonly realizations?: RealizationsFigure;
  /** Whether the speed at the impacts is drawn against the averaged law (kozlov1988 §3). */
  readonly averagedSpeed: boolean;
  /** Whether the speed after the impacts is drawn against the threshold to roll on (rubanovich1981 §2). */
  readonly rollingSpeeds: boolean;
  /** The runs on the incline (kuleshov2011 §2's stages). */
  readonly inclineRuns?: readonly InclineRunSpec[];
}

/** kozlov1988 Fig. 1 as declared (RealizationsFigureSpec), checked: the other laws in their declared order. */
export interface RealizationsFigure {
  readonly contact: string;
  readonly label: string;
  readonly laws: readonly { readonly label: string; readonly law: RealizedLawSpec }[];
  readonly params: Readonly<Record<string, number>>;
  readonly t1: number;
  readonly cut: number;
  /** The other laws' names run as the study's parameter grows (RealizationsFigureSpec.limits). */
  readonly limits: readonly string[];
}

const FIELDS = {
  'confocal-motions': { kind: true, starts: true },
  'periodic-orbit-walls': { kind: true },
  'averaged-speed': { kind: true },
  'rolling-speeds': { kind: true },
  'universal-restitution': { kind: true },
  'incline-runs': { kind: true, runs: true },
  // limits: laws also run as the model's limitStudy parameter grows (none without a study).
  realizations: { kind: true, contact: true, label: true, laws: true, params: true, t1: true, cut: true, limits: true },
} as const;
/** A legend's words: printed in LaTeX's \text{} and in SVG as they are. */
const LABEL = /^[\p{L}\d ,.'’()-]{1,40}$/u;
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
  let averagedSpeed = false;
  let rollingSpeeds = false;
  let realizations: RealizationsFigure | undefined;
  let inclineRuns: InclineRunSpec[] | undefined;
  const seen = new Set<string>();
  if (input === undefined) return out.result({ orbitWalls, averagedSpeed, rollingSpeeds });
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
    if (kind === 'averaged-speed') {
      if (model.coordinates.length !== 2 || model.unilateral.length !== 1)
        out.add(
          'unknown-field',
          member(field, 'kind'),
          'averaged-speed draws kozlov1988 §3’s averaged law: a model of two coordinates and one unilateral contact',
        );
      averagedSpeed = true;
      return;
    }
    if (kind === 'rolling-speeds') {
      // The study reads the general model's threshold and stride (studies/rolling-speeds.ts), which says where they are missing.
      rollingSpeeds = true;
      return;
    }
    if (kind === 'universal-restitution' || kind === 'incline-runs') {
      if (!model.patches?.length)
        out.add(
          'unknown-field',
          member(field, 'kind'),
          `${kind} draws ${kind === 'incline-runs' ? 'kuleshov2011 §2’s stages from a contact patch’s slip' : 'kuleshov2011 Figs. 2–4 from a contact patch’s impact'}: the model declares no patch`,
        );
      if (kind === 'incline-runs')
        inclineRuns = (arrayAt(f.runs, member(field, 'runs'), 'a list of runs { params, t1 }', out) ?? []).flatMap((r, k) =>
          inclineRun(r, `${member(field, 'runs')}[${k}]`, model, out),
        );
      return;
    }
    if (kind === 'realizations') {
      realizations = realizationsFigure(f, field, model, out);
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
  return out.result({
    ...(confocal ? { confocal } : {}),
    orbitWalls,
    averagedSpeed,
    rollingSpeeds,
    ...(realizations ? { realizations } : {}),
    ...(inclineRuns ? { inclineRuns } : {}),
  });
}

/** Fig. 1's declaration: a realized contact, labels in words, realized laws, the model's parameters, t1 and the cut positive. */
function realizationsFigure(f: Fields, field: string, model: Model, out: Problems): RealizationsFigure | undefined {
  const before = out.list.length;
  const realized = (model.compliant ?? []).map((c) => c.name);
  const contact = stringAt(f.contact, member(field, 'contact'), 'a realized contact', out);
  if (contact !== undefined && !realized.includes(contact))
    out.add('unknown-contact', member(field, 'contact'), `'${contact}' is not a realized contact of the model (realized: ${realized.join(', ') || 'none'})`);
  const label = legendLabel(f.label, member(field, 'label'), out);
  const given = fieldsAt(f.laws, member(field, 'laws'), 'an object of name → realized law', out) ?? {};
  const laws = Object.entries(given).map(([name, law]) => {
    const at = member(member(field, 'laws'), name);
    legendLabel(name, at, out);
    if (!isRealizedLaw(law)) out.add('bad-compliant-law', at, 'a realized law, { compliant: { … } } or { potential: … }');
    return { label: name, law: law as RealizedLawSpec };
  });
  const params = paramsAt(f.params, member(field, 'params'), model, out);
  const [t1, cut] = [positiveAt(f.t1, member(field, 't1'), out), positiveAt(f.cut, member(field, 'cut'), out)];
  const limits = f.limits === undefined ? [] : (arrayAt(f.limits, member(field, 'limits'), 'a list of the laws’ names', out) ?? []);
  limits.forEach((name, i) => {
    if (!laws.some((l) => l.label === name))
      out.add(
        'bad-type',
        member(member(field, 'limits'), String(i)),
        `${JSON.stringify(name)}: the name of one of the laws (${laws.map((l) => l.label).join(', ')})`,
      );
  });
  return out.list.length > before || contact === undefined || label === undefined
    ? undefined
    : { contact, label, laws, params, t1, cut, limits: limits as string[] };
}

/** A run on the incline: the model's parameters, and its end positive. */
function inclineRun(input: unknown, field: string, model: Model, out: Problems): InclineRunSpec[] {
  const r = fieldsAt(input, field, 'a run { params, t1 }', out);
  if (!r) return [];
  const before = out.list.length;
  rejectUnknownKeys(r, { params: true, t1: true }, field, out);
  const params = paramsAt(r.params, member(field, 'params'), model, out);
  const t1 = positiveAt(r.t1, member(field, 't1'), out);
  return out.list.length > before ? [] : [{ params, t1 }];
}

/** Parameter → a finite number, each a parameter of the model; none where absent. */
function paramsAt(input: unknown, field: string, model: Model, out: Problems): Record<string, number> {
  const given = input === undefined ? {} : (fieldsAt(input, field, 'an object of parameter → number', out) ?? {});
  return Object.fromEntries(
    Object.entries(given).flatMap(([name, v]) => {
      const at = member(field, name);
      if (!model.parameters.some((p) => p.name === name)) out.add('unknown-parameter', at, `'${name}' is not a parameter of the model`);
      else if (typeof v !== 'number' || !Number.isFinite(v)) out.add('bad-type', at, `${name}: a finite number, not ${typeName(v)}`);
      else return [[name, v] as const];
      return [];
    }),
  );
}

function positiveAt(x: unknown, field: string, out: Problems): number {
  const name = field.split('.').at(-1)!;
  if (typeof x !== 'number' || !Number.isFinite(x) || x <= 0)
    out.add('bad-type', field, `${name}: a positive number, not ${typeof x === 'number' ? x : typeName(x)}`);
  return x as number;
}

function legendLabel(x: unknown, field: string, out: Problems): string | undefined {
  const s = stringAt(x, field, 'a label', out);
  if (s !== undefined && !LABEL.test(s)) out.add('bad-text', field, `${JSON.stringify(s)}: a label is up to 40 letters, digits, spaces and , . ' ( ) -`);
  return s;
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
