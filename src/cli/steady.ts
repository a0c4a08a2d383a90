// `mechanics linearize <model> --steady`: steady motions (the cyclic
// coordinates at constant rates, the others at rest) with the eigenvalues
// of their constrained linearization and the verdict, and with --sweep the
// branches over a rate or a parameter and the stability boundaries found
// on them (src/studies/steady-motion.ts).
// Tests: test/cli/linearize.test.ts (--steady).
import type { Env } from '../core/evaluate.js';
import { cyclicCoordinates, type SteadyRequest } from '../derive/linearization/steady.js';
import type { DerivedSystem } from '../derive/system.js';
import { MechanicsError, UsageError } from '../errors.js';
import type { Model } from '../model/model.js';
import type { Assignment } from '../pipeline/run-values.js';
import { evaluateOption } from '../pipeline/run-values.js';
import { complexText, numberText } from '../pipeline/run-text.js';
import { steadyMotionsAt, sweepSteadyMotions, variableName, type StudiedSteadyMotion, type SteadySweep, type SweepVariable } from '../studies/steady-motion.js';

/** Grid intervals of a sweep when --sweep gives none, and the most it may give. */
const DEFAULT_STEPS = 40;
const MAX_STEPS = 10000;

export interface SteadyOptions {
  /** --at: values of the resting coordinates (and phases of the cyclic ones). */
  readonly at: readonly Assignment[];
  /** --rate: given rates of cyclic coordinates. */
  readonly rates: readonly Assignment[];
  /** --free: coordinates whose steady unknown is solved for besides the cyclic rates not given. */
  readonly free: readonly string[];
  /** --sweep name=from:to[:steps]. */
  readonly sweep?: string;
}

/** The command's record (JSON) and its summary lines. */
export function runSteady(system: DerivedSystem, params: Env, options: SteadyOptions): { record: object; lines: string[] } {
  const model = system.model;
  const names = model.coordinates.map((c) => c.name);
  const cyclic = cyclicCoordinates(system);
  if (!cyclic.some(Boolean)) {
    throw new MechanicsError('steady-unsupported', 'input', `${model.name} has no cyclic coordinate: every coordinate enters M, f or the constraints`, {
      model: model.name,
      field: '--steady',
    });
  }
  const index = (option: string, name: string): number => {
    const i = names.indexOf(name);
    if (i < 0) {
      throw new MechanicsError('unknown-coordinate', 'input', `no coordinate '${name}' (coordinates: ${names.join(', ')})`, {
        model: model.name,
        field: option,
      });
    }
    return i;
  };
  const notCyclic = (option: string, name: string): MechanicsError =>
    new MechanicsError(
      'steady-unsupported',
      'input',
      `${option} ${name}: '${name}' is not cyclic (cyclic: ${names.filter((_, i) => cyclic[i]).join(', ')}), so it rests in a steady motion`,
      { model: model.name, field: option },
    );
  const q = [...model.initial.q0];
  const qd = [...model.initial.qd0];
  for (const { name, value } of options.at) q[index('--at', name)] = evaluateOption(`--at ${name}`, value, params);
  const given = new Set<number>();
  for (const { name, value } of options.rates) {
    const i = index('--rate', name);
    if (!cyclic[i]) throw notCyclic('--rate', name);
    qd[i] = evaluateOption(`--rate ${name}`, value, params);
    given.add(i);
  }
  const sweep = options.sweep === undefined ? undefined : parseSweep(model, options.sweep, params);
  if (sweep?.variable.kind === 'rate') {
    const i = sweep.variable.coordinate;
    if (!cyclic[i]) throw notCyclic('--sweep', names[i]!);
    given.add(i);
  }
  const free = cyclic.map((c, i) => c && !given.has(i));
  for (const name of options.free) {
    const i = index('--free', name);
    if (given.has(i)) throw new UsageError(`--free ${name}: its rate is given by --rate or --sweep`, '--free');
    free[i] = true;
  }
  const request: SteadyRequest = { q, qd, free };
  const head = {
    model: model.name,
    params,
    cyclic: names.filter((_, i) => cyclic[i]),
    solvedFor: names.flatMap((c, i) => (free[i] ? [cyclic[i] ? `${c}'` : c] : [])),
  };
  const fmt = (v: number): string => numberText(v, 6);
  const motionRecord = (m: StudiedSteadyMotion) => ({
    q: Object.fromEntries(names.map((c, i) => [c, m.q[i]!])),
    qd: Object.fromEntries(names.map((c, i) => [c, m.qd[i]!])),
    eigenvalues: m.eigenvalues.map((z) => ({ re: z.re, im: z.im })),
    family: m.family,
    growth: m.growth,
    verdict: m.verdict,
  });
  // The resting coordinates' values and the cyclic ones' rates: what a steady motion is.
  const motionText = (m: StudiedSteadyMotion): string => names.map((c, i) => (cyclic[i] ? `${c}' = ${fmt(m.qd[i]!)}` : `${c} = ${fmt(m.q[i]!)}`)).join(', ');
  const spectrumLines = (m: StudiedSteadyMotion): string[] => [
    `    eigenvalues: ${m.eigenvalues.map((z) => complexText(z, 6)).join(', ') || 'none'}; zeros of the family of steady motions: ${m.family}`,
  ];
  const lines = [`${model.name}: steady motions (cyclic: ${head.cyclic.join(', ')}; the others rest; solved for: ${head.solvedFor.join(', ') || 'nothing'})`];
  if (!sweep) {
    const motions = steadyMotionsAt(system, params, request);
    if (motions.length === 0) {
      throw new MechanicsError('no-steady-motion', 'numeric', `no steady motion of ${model.name} was found from the start`, {
        model: model.name,
        field: '--at',
      });
    }
    for (const m of motions) lines.push(`  ${motionText(m)}: ${m.verdict}`, ...spectrumLines(m));
    return { record: { ...head, motions: motions.map(motionRecord) }, lines };
  }
  const result = sweepSteadyMotions(system, params, request, sweep);
  const swept = variableName(system, sweep.variable);
  lines.push(`  swept: ${swept} from ${fmt(sweep.from)} to ${fmt(sweep.to)} in ${sweep.steps} steps, branches found at ${swept} = ${fmt(result.start)}`);
  result.branches.forEach((b, k) => {
    lines.push(`  branch ${k + 1}: ${motionText(b.start.motion)}: ${b.start.motion.verdict}`, ...spectrumLines(b.start.motion));
    lines.push(`    exists for ${swept} in [${fmt(b.points[0]!.value)}, ${fmt(b.points[b.points.length - 1]!.value)}] on the grid`);
    for (const boundary of b.boundaries) {
      lines.push(`    ${boundary.kind} boundary at ${swept} = ${boundary.value.toPrecision(10)}: below ${boundary.below}, above ${boundary.above}`);
    }
    if (b.boundaries.length === 0) lines.push('    no boundary in the sweep');
    // The eigenvalues as a function of the swept value: the largest real part and the largest frequency.
    lines.push(`    ${swept.padStart(12)}  ${'max Re λ'.padStart(12)}  ${'max |Im λ|'.padStart(12)}  verdict`);
    for (const p of b.points) {
      const frequency = Math.max(0, ...p.motion.eigenvalues.map((z) => Math.abs(z.im)));
      lines.push(`    ${fmt(p.value).padStart(12)}  ${fmt(p.motion.growth).padStart(12)}  ${fmt(frequency).padStart(12)}  ${p.motion.verdict}`);
    }
  });
  return {
    record: {
      ...head,
      sweep: { variable: swept, from: sweep.from, to: sweep.to, steps: sweep.steps, start: result.start },
      branches: result.branches.map((b) => ({
        points: b.points.map((p) => ({ value: p.value, ...motionRecord(p.motion) })),
        boundaries: b.boundaries,
      })),
    },
    lines,
  };
}

/** --sweep name=from:to[:steps]: the rate of a coordinate or a parameter, its range and grid. */
function parseSweep(model: Model, text: string, params: Env): SteadySweep {
  const eq = text.indexOf('=');
  const name = text.slice(0, eq).trim();
  const parts = text.slice(eq + 1).split(':');
  if (eq <= 0 || parts.length < 2 || parts.length > 3 || parts.some((p) => p.trim() === '')) {
    throw new UsageError(`--sweep needs name=from:to or name=from:to:steps (e.g. --sweep phi=0:20), got '${text}'`, '--sweep');
  }
  const coordinate = model.coordinates.findIndex((c) => c.name === name);
  const isParameter = model.parameters.some((p) => p.name === name);
  if (coordinate < 0 && !isParameter) {
    throw new UsageError(
      `--sweep: '${name}' is neither a coordinate (its rate is swept: ${model.coordinates.map((c) => c.name).join(', ')}) nor a parameter (${model.parameters.map((p) => p.name).join(', ') || 'none'})`,
      '--sweep',
    );
  }
  const from = evaluateOption(`--sweep ${name} (from)`, parts[0]!, params);
  const to = evaluateOption(`--sweep ${name} (to)`, parts[1]!, params);
  const steps = parts[2] === undefined ? DEFAULT_STEPS : Number(parts[2]);
  if (!Number.isInteger(steps) || steps < 1 || steps > MAX_STEPS) {
    throw new UsageError(`--sweep ${name}: steps must be a whole number from 1 to ${MAX_STEPS}, got '${parts[2]}'`, '--sweep');
  }
  if (from === to) throw new UsageError(`--sweep ${name}: from and to must differ, got ${from} twice`, '--sweep');
  const variable: SweepVariable = coordinate >= 0 ? { kind: 'rate', coordinate } : { kind: 'parameter', name };
  return { variable, from, to, steps };
}
