// What `simulate` prints: a summary for people, CSV for spreadsheets, JSON
// for programs. One trajectory, three renderings.
// Tests: test/cli/cli.test.ts (summary, JSON and CSV shapes).
import type { Model } from '../model/index.js';
import type { SimulationEvent, Trajectory } from '../runtime/trajectory.js';
import type { ImpactRecord } from './impact-record.js';

export type OutputFormat = 'summary' | 'csv' | 'json';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['summary', 'csv', 'json'];

export interface RunRecord {
  readonly model: Model;
  readonly params: Readonly<Record<string, number>>;
  readonly trajectory: Trajectory;
  /** The state at each impact of the event-driven run, in order (impact-record.ts). */
  readonly impacts: readonly ImpactRecord[];
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
 * qd, qdPlus?, impulses? }] }. An impact carries q, q̇ before it, q̇ after
 * it and the impulses; other events carry q and qd as null (the runtime's
 * events do not hold the state).
 */
function json({ model, params, trajectory: tr, impacts }: RunRecord): string {
  const states = eventStates(tr.events, impacts);
  const events = tr.events.map((e, k) => {
    const s = states[k];
    return {
      t: e.t, type: e.type, contacts: contactNames(model, e), q: s?.q ?? null, qd: s?.qd ?? null,
      ...(s?.qdPlus ? { qdPlus: s.qdPlus } : {}),
      ...(s?.impulses ? { impulses: s.impulses } : {}),
      ...(e.accumulation !== undefined ? { accumulation: e.accumulation } : {}),
    };
  });
  return `${JSON.stringify({ model: model.name, params, t: tr.t, q: tr.q, qd: tr.qd, energy: tr.energy ?? null, events })}\n`;
}

/**
 * CSV: a header naming each column with its unit, `t [s],y [m],y' [m/s],…`,
 * one row per sample and one per event (in time order), whose `event`
 * column holds `type:contact+contact` (an impact's row has q and q̇ before it).
 */
function csv({ model, trajectory: tr, impacts }: RunRecord): string {
  const unit = (u: string | undefined, per = ''): string => (u ? ` [${u}${per}]` : per ? ` [1${per}]` : '');
  const header = [
    't [s]',
    ...model.coordinates.map((c) => `${c.name}${unit(c.unit)}`),
    ...model.coordinates.map((c) => `${c.name}'${unit(c.unit, '/s')}`),
    ...(tr.energy ? ['energy'] : []),
    'event',
  ];
  const n = model.coordinates.length;
  const rows: { t: number; cells: string[] }[] = tr.t.map((t, k) => ({
    t, cells: [String(t), ...tr.q[k]!.map(String), ...tr.qd[k]!.map(String), ...(tr.energy ? [String(tr.energy[k])] : []), ''],
  }));
  const states = eventStates(tr.events, impacts);
  tr.events.forEach((e, k) => {
    const s = states[k];
    const cells = (v: readonly number[] | undefined): string[] => (v ? v.map(String) : new Array<string>(n).fill(''));
    rows.push({ t: e.t, cells: [String(e.t), ...cells(s?.q), ...cells(s?.qd), ...(tr.energy ? [''] : []), `${e.type}:${contactNames(model, e).join('+')}`] });
  });
  // Stable sort: an event at a sample time follows the sample.
  rows.sort((a, b) => a.t - b.t);
  return `${[header, ...rows.map((r) => r.cells)].map((cells) => cells.map(csvCell).join(',')).join('\n')}\n`;
}

/** The recorded state of each event: the k-th impact event is the k-th call of the module's impact map. */
function eventStates(events: readonly SimulationEvent[], impacts: readonly ImpactRecord[]): (ImpactRecord | undefined)[] {
  let k = 0;
  return events.map((e) => {
    if (e.type !== 'impact') return undefined;
    const record = impacts[k++];
    return record?.t === e.t ? record : undefined;
  });
}

function csvCell(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function contactNames(model: Model, e: SimulationEvent): string[] {
  return e.contacts.map((j) => model.unilateral[j]!.name);
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
