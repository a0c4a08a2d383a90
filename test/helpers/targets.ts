// What the C and Python agreement tests share: whether the tools are
// installed, random cases per example model (fixed seeds), the TypeScript
// module's values for them, and the comparison.
import { execFileSync, spawn } from 'node:child_process';
import { expect } from 'vitest';
import type { DerivedSystem } from '../../src/derive/system.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { derived, type ExampleFile, paramsOf, qdOf, qOf, randomEnv, STATE_OPTIONS } from './examples.js';
import { loadGenerated } from './generated-module.js';
import { DATA_NAMES } from '../../src/codegen/target.js';
import { maxAbs, relErr } from './numeric.js';
import { rng } from './random.js';

/** In CI a missing system tool fails the check instead of skipping it. */
export const IN_CI = process.env.CI === 'true';
export const INSTALL = 'install them with .ci/install-system-deps.sh (apt-get install gcc clang python3-numpy python3-scipy)';

const succeeds = (cmd: string, args: readonly string[]): boolean => {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** How a tool's run ended: its exit status (null when a signal ended it), and what it wrote. */
export interface ToolRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `cmd` in `cwd` with `input` on stdin, without throwing when it fails:
 * a compiler's refusal is a test's finding. Asynchronous, so that the
 * compilers of a test file run side by side.
 */
export function runTool(cmd: string, args: readonly string[], cwd: string, input = ''): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd });
    const [stdout, stderr]: Buffer[][] = [[], []];
    child.stdout.on('data', (b: Buffer) => stdout.push(b));
    child.stderr.on('data', (b: Buffer) => stderr.push(b));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout: Buffer.concat(stdout).toString(), stderr: Buffer.concat(stderr).toString() }));
    child.stdin.end(input);
  });
}

/** The lines of a compiler's messages about `file` (as named on its command line), among those about several files. */
export const messagesAbout = (stderr: string, file: string): string[] => stderr.split('\n').filter((line) => line.startsWith(`${file}:`));

export const HAVE_GCC = succeeds('gcc', ['--version']);
export const HAVE_CLANG = succeeds('clang', ['--version']);
export const HAVE_NUMPY = succeeds('python3', ['-c', 'import numpy']);
export const HAVE_SCIPY = HAVE_NUMPY && succeeds('python3', ['-c', 'import scipy']);

export const CASES = 5;
export const RTOL = 1e-12;

/** One random case: time, state, the momenta at it, the parameters, and two parameter arrays checkParams must refuse. */
export interface Case {
  readonly t: number;
  readonly q: number[];
  readonly qd: number[];
  readonly pm: number[];
  readonly p: number[];
  /** p with its first value NaN (refused as not finite); p negated (refused by whatever limits it breaks). */
  readonly bad: readonly [number[], number[]];
  /** Per contact: held (1) or not (0), contactAccelerations' `active`. */
  readonly active: number[];
  /** Per contact: frictionPhase's mode, 0 open, 2 sticking, ±1 sliding. */
  readonly modes: number[];
}

/** impact's statuses in the order of the C enum (a C driver prints the enum's value, a Python one the index of the string). */
export const IMPACT_STATUSES = ['ok', 'corner-without-rule', 'no-admissible-mode', 'several-admissible-modes', 'too-many-contacts'] as const;
/** How many of TypeScript's impact values had each status ('resolved': 'ok' with an impulse) in one test file: a check that the cases reach the enumeration. */
export const impactStatuses = new Map<string, number>();

/** impact's closing tolerance and rest velocity, TypeScript's defaults (the other languages take them as arguments). */
export const IMPACT_TOL = 1e-9;
export const IMPACT_REST_VELOCITY = 1e-6;

/** Functions that work on another function's output: massFactor factors massMatrix's M, massSolve solves with that factor. */
export const IN_PLACE = ['massFactor', 'massSolve'] as const;

export interface ModelCases {
  readonly name: string;
  readonly sys: DerivedSystem;
  readonly ts: LoadedModule;
  readonly cases: readonly Case[];
}

/** The model's random cases (seeded by its place among the examples) and its TypeScript module. */
export async function modelCases(ex: ExampleFile, seed: number): Promise<ModelCases> {
  const sys = derived(ex.spec);
  const ts = await loadGenerated(sys, ex.source);
  const r = rng(seed);
  const names = sys.model.parameters.map((p) => p.name);
  const m = sys.unilateral?.contacts.length ?? 0;
  const cases = Array.from({ length: CASES }, (): Case => {
    const env = randomEnv(sys.model, r, STATE_OPTIONS[sys.model.name]);
    const t = env.t!;
    const q = qOf(sys.model, env);
    const qd = qdOf(sys.model, env);
    const record = paramsOf(sys.model, env);
    const p = names.map((n) => record[n]!);
    const contacts = Array.from({ length: m }, () => r());
    return {
      t,
      q,
      qd,
      pm: [...ts.momenta(t, q, qd, record)],
      p,
      bad: [p.map((v, k) => (k === 0 ? Number.NaN : v)), p.map((v) => -v)],
      active: contacts.map((u) => (u < 0.6 ? 1 : 0)),
      modes: contacts.map((u) => [0, 2, 1, -1][Math.floor(u * 4)]!),
    };
  });
  return { name: sys.model.name, sys, ts, cases };
}

export const record = (sys: DerivedSystem, p: readonly number[]): Record<string, number> =>
  Object.fromEntries(sys.model.parameters.map((x, k) => [x.name, p[k]!]));

/** An argument of a generated function by its name in the IR, for one case (p as the array; the TypeScript call turns it into a record). */
export function argument(name: string, c: Case): number | number[] {
  switch (name) {
    case 't':
      return c.t;
    case 'q':
      return c.q;
    case 'qd':
      return c.qd;
    case 'pm':
      return c.pm;
    case 'x':
      return [...c.q, ...c.qd];
    case 'z':
      return [...c.q, ...c.pm];
    case 'p':
      return c.p;
    case 'active':
      return c.active;
    case 'modes':
      return c.modes;
    default:
      throw new Error(`the agreement test has no value for the argument '${name}'`);
  }
}

/** The arguments of `params` but the output array. */
export const inputs = (params: readonly string[]): readonly string[] => params.filter((p) => p !== 'out');

/**
 * What the TypeScript module gives for function `name`: a number or an
 * array; for checkParams the counts of problems of p and of the bad arrays.
 */
export function tsResult(m: ModelCases, name: string, params: readonly string[], c: Case): number | number[] {
  const fn = (m.ts as unknown as Record<string, (...args: unknown[]) => unknown>)[name];
  if (!fn) throw new Error(`the TypeScript module of ${m.name} has no ${name}`);
  if (name === 'checkParams') return [c.p, ...c.bad].map((p) => (fn(record(m.sys, p)) as unknown[]).length);
  if (name === 'massFactor' || name === 'massSolve') {
    // M at the case's q, factored: [whether positive definite, L]; then M⁻¹ qd.
    const mm = m.ts.massMatrix(c.t, c.q, record(m.sys, c.p));
    const ok = m.ts.massFactor!(mm);
    if (name === 'massFactor') return [ok ? 1 : 0, ...mm];
    const x = Float64Array.from(c.qd);
    m.ts.massSolve!(mm, x, 0);
    return [...x];
  }
  if (name === 'impact') {
    // With the case's held contacts closed: [status, closed after, q̇⁺, impulses].
    const r = fn(c.t, c.q, c.qd, record(m.sys, c.p), { active: c.active.map((a) => a === 1) }) as {
      status: string;
      active: boolean[];
      qdPlus: Float64Array;
      impulses: Float64Array;
    };
    const outcome = r.status === 'ok' && r.impulses.some((v) => v !== 0) ? 'resolved' : r.status;
    impactStatuses.set(outcome, (impactStatuses.get(outcome) ?? 0) + 1);
    return [IMPACT_STATUSES.indexOf(r.status as (typeof IMPACT_STATUSES)[number]), ...r.active.map(Number), ...r.qdPlus, ...r.impulses];
  }
  const out = fn(...inputs(params).map((a) => (a === 'p' ? record(m.sys, c.p) : argument(a, c))));
  return typeof out === 'number' ? out : Array.from(out as ArrayLike<number>);
}

/** A target's values for one case against TypeScript's: checkParams' counts and impact's status equal, every other value to `rtol`. */
export function expectSame(actual: readonly number[], expected: number | readonly number[], fn: string, what: string, rtol = RTOL): void {
  if (fn === 'checkParams') expect(actual, `${what}: counts of problems (p, p with NaN, −p)`).toEqual(expected);
  else if (fn === 'impact') {
    expect(IMPACT_STATUSES[actual[0]!], `${what}: status`).toBe(IMPACT_STATUSES[(expected as readonly number[])[0]!]);
    expectAgree(actual.slice(1), (expected as readonly number[]).slice(1), what, rtol);
  } else expectAgree(actual, typeof expected === 'number' ? [expected] : expected, what, rtol);
}

/** Each value to RTOL relative to the largest of its output (an entry that cancels to ~0 is as exact as the terms it came from). */
function expectAgree(actual: readonly number[], expected: readonly number[], what: string, rtol: number): void {
  expect(actual.length, `${what}: length`).toBe(expected.length);
  // The scale of the finite entries (a phase may leave some NaN: a row it could not solve for).
  const scale = maxAbs(expected.filter(Number.isFinite));
  for (let i = 0; i < expected.length; i++) {
    // A non-finite value (a 'stick' contact's infinite friction) is the same value.
    if (!Number.isFinite(expected[i]!)) {
      expect(actual[i], `${what}[${i}]`).toBe(expected[i]);
      continue;
    }
    const e = relErr(actual[i]!, expected[i]!, scale);
    expect(e, `${what}[${i}]: ${actual[i]} against TypeScript's ${expected[i]} (relative error ${e.toExponential(2)})`).toBeLessThanOrEqual(rtol);
  }
}

/** A number as C's printf %g or Python's str writes it (inf, -inf, nan included). */
export const parseNumber = (s: string): number => (/^[+-]?inf/i.test(s) ? (s.startsWith('-') ? -Infinity : Infinity) : /nan/i.test(s) ? Number.NaN : Number(s));

/**
 * Every function of the TypeScript module is either given by the target or
 * listed, with its reason, in the target's header (`text`, under the
 * target's name `nameOf`): no part of the contract is silently left out.
 */
export function expectContractListed(
  m: ModelCases,
  given: readonly string[],
  missing: readonly { name: string; why: string }[],
  text: string,
  nameOf: (name: string) => string,
): void {
  const ts = Object.entries(m.ts)
    .filter(([, v]) => typeof v === 'function')
    .map(([k]) => k)
    .sort();
  const functions = given.filter((g) => !(DATA_NAMES as readonly string[]).includes(g));
  expect([...functions, ...missing.map((x) => x.name)].sort(), `${m.name}: given and listed`).toEqual(ts);
  for (const x of missing) expect(text, `${m.name}: the header lists ${x.name}`).toContain(`${nameOf(x.name)}: ${x.why}`);
}
