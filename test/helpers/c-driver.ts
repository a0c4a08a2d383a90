// What the tests of the C driver (src/codegen/c-driver.ts) share: the
// compilation of a model's driver and C module under gcc's strict flags, a
// run of it, its output read back (rows of numbers, event lines), and its
// agreement with the TypeScript runtime over a whole run.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { generateCDriver } from '../../src/codegen/c-driver.js';
import { generateC } from '../../src/codegen/print-c.js';
import type { DerivedSystem } from '../../src/derive/system.js';
import type { Trajectory } from '../../src/runtime/index.js';

export const STRICT = ['-std=c99', '-Wall', '-Wextra', '-Werror', '-pedantic'];

/**
 * The driver and module of `sys` written into dir and compiled under the strict flags: the executable's and the
 * driver's paths. At -O0: the module's size makes optimizing it the cost of a test of short runs. `long`: the runs
 * are the cost (the tumbling box's, 3 s of exact-cone impacts: 4.9 s of CPU at -O0, 1.6 s at -Og, which compiles in
 * 0.3 s more); -Og. The arithmetic is the same IEEE either way (no fast-math; -std=c99 contracts no a*b + c).
 */
export function compileDriver(sys: DerivedSystem, source: string, dir: string, long = false): { readonly exe: string; readonly driver: string } {
  const c = generateC(sys, source);
  const d = generateCDriver(sys, source, c);
  for (const f of [c.header, c.source, d]) writeFileSync(join(dir, f.fileName), f.text);
  const exe = join(dir, sys.model.name);
  execFileSync('gcc', [...STRICT, long ? '-Og' : '-O0', join(dir, d.fileName), join(dir, c.source.fileName), '-lm', '-o', exe], { stdio: 'pipe' });
  return { exe, driver: join(dir, d.fileName) };
}

export interface Run {
  readonly status: number;
  readonly rows: number[][];
  /** The event lines: their kind and key=value fields. */
  readonly events: { kind: string; fields: Record<string, string> }[];
  readonly stderr: string;
}

/** Runs the driver with `args`; rows of numbers and the event lines. */
export function run(exe: string, args: readonly string[]): Run {
  let stdout: string,
    stderr = '',
    status = 0;
  try {
    stdout = execFileSync(exe, args, { encoding: 'utf8', stdio: 'pipe', maxBuffer: 1 << 26 });
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    [stdout, stderr, status] = [e.stdout, e.stderr, e.status];
  }
  const lines = stdout.trim().split('\n');
  const events = lines
    .filter((l) => l.startsWith('# '))
    .map((l) => {
      const [kind, ...pairs] = l.slice(2).split(' ');
      return { kind: kind!, fields: Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)])) };
    });
  const rows = lines
    .slice(1)
    .filter((l) => !l.startsWith('#') && l)
    .map((l) => l.split(',').map(Number));
  return { status, rows, events, stderr };
}

/** A comma-separated list of numbers (an event's field). */
export const numbers = (s: string | undefined): number[] => (s ? s.split(',').map(Number) : []);
/** The row printed last at time t: the state after the event there. */
export const after = (r: Run, t: number): number[] => r.rows.filter((row) => row[0] === t).at(-1)!;
/** The names of contacts, as the driver lists them. */
export const names = (sys: DerivedSystem, contacts: readonly number[]): string => contacts.map((j) => sys.model.unilateral[j]!.name).join(',');

/**
 * The contacts of an impact (by name) that take an impulse above roundoff, 1e-12 of the largest: a least-norm split
 * of dependent rows leaves 1e-29 on a corner in one and 0 in the other (the box's 25th impact). All of them where none does.
 */
function struck(sys: DerivedSystem, contacts: readonly string[], impulses: readonly number[]): string[] {
  const all = sys.model.unilateral.map((u) => u.name);
  const largest = Math.max(0, ...impulses.map(Math.abs));
  const above = contacts.filter((name) => Math.abs(impulses[all.indexOf(name)] ?? 0) > 1e-12 * largest);
  return above.length > 0 ? above : [...contacts];
}

/** The driver's event kinds compared with the runtime's events of the same type. */
const KINDS = ['impact', 'stick', 'slip', 'rest'] as const;

/**
 * A run `c` of `sys` to T agrees with the runtime's trajectory `ts` from the same state: its impacts, sticks, slips
 * and rests are the runtime's, in order, at the same times and on the same contacts, with the same state after each
 * (q̇⁺ of an impact, the row printed after the others), and so is the state at T; each to tol relative to
 * 1 + |value|; it does not stop. `indeterminate` (an impact of the runtime's): one whose
 * split among the contacts is not compared, only q̇⁺ (the caller checks the law on the driver's split).
 */
export function agreesWithRuntime(
  sys: DerivedSystem,
  c: Run,
  ts: Trajectory,
  T: number,
  tol: number,
  indeterminate: (impact: Trajectory['events'][number]) => boolean = () => false,
): void {
  expect(c.stderr).toBe('');
  expect(c.status, c.events.at(-1)?.fields.reason).toBe(0);
  const close = (mine: number, theirs: number, what: string): void =>
    expect(Math.abs(mine - theirs), `${what}: ${mine} against ${theirs}`).toBeLessThanOrEqual(tol * (1 + Math.abs(theirs)));
  for (const kind of KINDS) {
    const mine = c.events.filter((e) => e.kind === kind);
    const theirs = ts.events.filter((e) => e.type === kind);
    expect(mine.length, `${kind}s`).toBe(theirs.length);
    theirs.forEach((e, k) => {
      const f = mine[k]!.fields;
      const at = `${kind} ${k} at ${e.t}`;
      close(Number(f.t), e.t, at);
      if (kind === 'impact') {
        if (!indeterminate(e))
          expect(struck(sys, f.contacts!.split(','), numbers(f.impulses)), at).toEqual(struck(sys, names(sys, e.contacts).split(','), e.impulses ?? []));
      } else expect(f.contacts, at).toBe(names(sys, e.contacts));
      const state = kind === 'impact' ? [...e.q, ...e.qdPlus!] : [...e.q, ...e.qd];
      const row = kind === 'impact' ? [...after(c, Number(f.t)).slice(1, 1 + e.q.length), ...numbers(f['qd+'])] : after(c, Number(f.t)).slice(1);
      state.forEach((v, i) => close(row[i]!, v, `${at}: x[${i}]`));
    });
  }
  const last = c.rows.at(-1)!;
  expect(last[0]).toBe(T);
  [...ts.q.at(-1)!, ...ts.qd.at(-1)!].forEach((v, i) => close(last[1 + i]!, v, `x[${i}] at ${T}`));
}
