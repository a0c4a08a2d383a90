// What a run prints (`mechanics simulate`, the playground's downloads): a
// summary for people, CSV for spreadsheets, JSON for programs. One
// trajectory, three renderings; and the numbers of the other commands'
// summary lines.
// Tests: test/cli/cli.test.ts (summary, JSON and CSV shapes), test/playground/pipeline.test.ts (the downloads).
import type { ModelSpec } from '../model/index.js';
import type { ModelInfo } from '../runtime/contract.js';
import type { SimulationEvent, Trajectory } from '../runtime/hybrid/trajectory.js';

export type OutputFormat = 'summary' | 'csv' | 'json';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['summary', 'csv', 'json'];

/** What a run's text says of its model: a validated Model has it, and so has a generated module with its model file (runModel). */
export interface RunModel {
  readonly name: string;
  readonly title: string;
  readonly coordinates: readonly { readonly name: string; readonly unit?: string }[];
  readonly unilateral: readonly { readonly name: string }[];
  readonly compliant?: readonly { readonly name: string }[];
  readonly patches?: readonly { readonly name: string }[];
}

/** A run's model from a generated module's metadata and its model file (the coordinates' units, the patches): no validation, no parser. */
export function runModel(info: ModelInfo, spec: ModelSpec): RunModel {
  const units = new Map(spec.coordinates.map((c) => (typeof c === 'string' ? [c, undefined] : [c.name, c.unit])));
  return {
    name: info.name,
    title: info.title,
    coordinates: info.coordinates.map((name) => {
      const unit = units.get(name);
      return unit === undefined ? { name } : { name, unit };
    }),
    unilateral: info.unilateral,
    ...(info.compliant ? { compliant: info.compliant } : {}),
    ...(spec.patches?.length ? { patches: spec.patches } : {}),
  };
}

export interface RunRecord {
  readonly model: RunModel;
  readonly params: Readonly<Record<string, number>>;
  readonly trajectory: Trajectory;
  /** How it was computed, for the summary (method, tolerances). */
  readonly method: string;
}

export function render(format: OutputFormat, run: RunRecord): string {
  switch (format) {
    case 'summary':
      return summary(run);
    case 'csv':
      return csv(run);
    case 'json':
      return json(run);
    default: {
      const never: never = format;
      throw new Error(`unknown format ${String(never)}`);
    }
  }
}

/**
 * JSON: { model, params, t, q, qd, energy, events: [{ t, type, contacts, q,
 * qd, qdPlus?, impulses?, accumulation? }] }, the runtime's events with
 * contact names: every event carries the state (an impact q̇ before it), an
 * impact also q̇ after it and one impulse per unilateral constraint.
 */
function json({ model, params, trajectory: tr }: RunRecord): string {
  const events = tr.events.map((e) => ({ ...e, contacts: contactNames(model, e) }));
  return `${JSON.stringify({ model: model.name, params, t: tr.t, q: tr.q, qd: tr.qd, energy: tr.energy ?? null, events })}\n`;
}

/**
 * CSV: a header naming each column with its unit, `t [s],y [m],y' [m/s],…`,
 * one row per sample and one per event (in time order). Event rows have the
 * event's q and q̇ (an impact's q̇ before it), and an impact's row also q̇
 * after it (`y'+`) and the impulse of each unilateral constraint; the
 * `event` column holds `type:contact+contact`. Impulses are in the units
 * of the constraint's multiplier, which the model does not declare.
 */
function csv({ model, trajectory: tr }: RunRecord): string {
  const unit = (u: string | undefined, per = ''): string => (u ? ` [${u}${per}]` : per ? ` [1${per}]` : '');
  const velocityHeader = (suffix: string): string[] => model.coordinates.map((c) => `${c.name}'${suffix}${unit(c.unit, '/s')}`);
  const header = [
    't [s]',
    ...model.coordinates.map((c) => `${c.name}${unit(c.unit)}`),
    ...velocityHeader(''),
    ...(tr.energy ? ['energy'] : []),
    ...velocityHeader('+'),
    ...model.unilateral.map((c) => `impulse ${c.name}`),
    'event',
  ];
  const n = model.coordinates.length,
    m = model.unilateral.length;
  const cells = (v: readonly number[] | undefined, count: number): string[] => (v ? v.map(String) : new Array<string>(count).fill(''));
  const rows: { t: number; cells: string[] }[] = tr.t.map((t, k) => ({
    t,
    cells: [String(t), ...cells(tr.q[k], n), ...cells(tr.qd[k], n), ...(tr.energy ? [String(tr.energy[k])] : []), ...cells(undefined, n + m), ''],
  }));
  for (const e of tr.events) {
    rows.push({
      t: e.t,
      cells: [
        String(e.t),
        ...cells(e.q, n),
        ...cells(e.qd, n),
        ...(tr.energy ? [''] : []),
        ...cells(e.qdPlus, n),
        ...cells(e.impulses, m),
        `${e.type}:${contactNames(model, e).join('+')}`,
      ],
    });
  }
  // Stable sort: an event at a sample time follows the sample.
  rows.sort((a, b) => a.t - b.t);
  return `${[header, ...rows.map((r) => r.cells)].map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}

function csvCell(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The names of an event's contacts. Its indices are into model.unilateral,
 * or, for a model whose contacts are all realized by forces (the stiff
 * driver's events, simulate.ts), into the module's compliant list: the
 * compliant contacts, or the contact patches (a model has one kind or the
 * other, validate/patch.ts).
 */
export function contactNames(model: Pick<RunModel, 'unilateral' | 'compliant' | 'patches'>, e: SimulationEvent): string[] {
  const list: readonly { readonly name: string }[] = model.unilateral.length
    ? model.unilateral
    : model.compliant?.length
      ? model.compliant
      : (model.patches ?? []);
  return e.contacts.map((j) => list[j]?.name ?? `#${j}`);
}

function summary({ model, trajectory: tr, method }: RunRecord): string {
  const lines: string[] = [];
  const last = tr.t.length - 1;
  lines.push(`${model.title}: t = ${tr.t[0]} → ${tr.t[last]}, ${method}, ${tr.stats.steps} steps (${tr.stats.rejected} rejected)`);
  model.coordinates.forEach((c, i) => {
    lines.push(`  ${c.name.padEnd(10)} q = ${tr.q[last]![i]!.toPrecision(8).padStart(14)}   q' = ${tr.qd[last]![i]!.toPrecision(8).padStart(14)}`);
  });
  if (tr.energy) {
    const e0 = tr.energy[0]!;
    if (tr.events.length === 0) {
      const drift = Math.max(...tr.energy.map((e) => Math.abs(e - e0))) / Math.max(Math.abs(e0), 1e-300);
      lines.push(`  energy ${e0.toPrecision(10)}, largest relative change ${drift.toExponential(2)}`);
    } else lines.push(`  energy ${e0.toPrecision(10)} → ${tr.energy[last]!.toPrecision(10)}`);
  }
  if (tr.events.length) {
    const counts = new Map<string, number>();
    for (const e of tr.events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
    const lastEvent = tr.events[tr.events.length - 1]!;
    lines.push(`  events: ${[...counts].map(([type, k]) => `${k} ${type}`).join(', ')}; last: ${lastEvent.type} at t = ${lastEvent.t.toPrecision(8)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A number for a summary line: `digits` significant digits, 0 below 1e-12. */
export const numberText = (v: number, digits: number): string => (Math.abs(v) < 1e-12 ? '0' : v.toPrecision(digits));

/** A complex number (an eigenvalue, a multiplier) for a summary line: a ± bi, or a alone when b is below 1e-12. */
export const complexText = (z: { readonly re: number; readonly im: number }, digits: number): string =>
  Math.abs(z.im) < 1e-12 ? numberText(z.re, digits) : `${numberText(z.re, digits)} ${z.im < 0 ? '−' : '+'} ${numberText(Math.abs(z.im), digits)}i`;
