// The C module of every example model (print-c.ts): it compiles with
// `gcc -std=c99 -Wall -Wextra -Werror -pedantic` and with clang under the
// same flags, and a driver reading random cases from stdin gives what the
// TypeScript module gives to 1e-12 relative, for every function the C
// module has (impact included: status, contacts closed after, q̇⁺,
// impulses). Without gcc or clang that check says it skipped, except in CI
// (CI=true), where a missing compiler fails.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cPrefix, generateC } from '../../src/codegen/print-c.js';
import { snake } from '../../src/codegen/target.js';
import { derived, loadExamples } from '../helpers/examples.js';
import {
  type Case,
  CASES,
  expectContractListed,
  expectSame,
  HAVE_CLANG,
  HAVE_GCC,
  IMPACT_REST_VELOCITY,
  impactStatuses,
  IMPACT_TOL,
  IN_CI,
  INSTALL,
  messagesAbout,
  modelCases,
  type ModelCases,
  parseNumber,
  runTool,
  type ToolRun,
  tsResult,
} from '../helpers/targets.js';

// Unoptimized: gcc -O1 took 14.6 s on the bicycle's 400 kB against 1.1 s at -O0, and the values are the same
// IEEE arithmetic either way (no contraction). The warnings only the optimizer's flow analysis finds
// (maybe-uninitialized) are checked at -O2 on models that between them use every solver: their objects
// are built at -O2 instead (the warnings of -O0 are among those of -O2).
const STRICT = ['-std=c99', '-Wall', '-Wextra', '-Werror', '-pedantic', '-ffp-contract=off'];
const FLAGS = [...STRICT, '-O0'];
const OPTIMIZED = new Set(['double-pendulum', 'compass', 'knife-edge', 'tumbling-box']);

if (!HAVE_GCC && !IN_CI) console.warn(`gcc not found: the C agreement checks are skipped; ${INSTALL}.`);
if (HAVE_GCC && !HAVE_CLANG && !IN_CI) console.warn(`clang not found: the C modules compile under gcc only; ${INSTALL}.`);

/**
 * The driver's function for one model: it reads one case (t, q, qd, pm, p,
 * the two bad p, active, modes) and prints each function's values, a line each.
 */
function driverCase(m: ModelCases, prefix: string, calls: readonly Call[]): string {
  const n = m.sys.model.coordinates.length;
  const np = m.sys.model.parameters.length;
  const nc = m.sys.unilateral?.contacts.length ?? 0;
  const f = `${prefix}_`;
  const most = Math.max(1, ...calls.map((c) => c.length));
  const read = (v: string, k: number): string => `for (int i = 0; i < ${k}; i++) if (scanf("%lf", &${v}[i]) != 1) return 1;`;
  const lines = calls.map(({ name, params, length }) => {
    if (name === 'checkParams')
      return `printf("%d %d %d\\n", ${prefix}_check_params(p, msgs, 1), ${prefix}_check_params(bad0, msgs, 1), ${prefix}_check_params(bad1, msgs, 1));`;
    // M at q factored: whether positive definite, then L; then M⁻¹ qd with it.
    const factored = `${f}mass_matrix(t, q, p, mm); ok = ${f}mass_factor(mm);`;
    if (name === 'massFactor') return `${factored} printf("%d ", ok); put(mm, ${n * n});`;
    if (name === 'massSolve') return `${factored} for (int i = 0; i < ${n}; i++) xs[i] = qd[i]; ${f}mass_solve(mm, xs, 0); put(xs, ${n});`;
    // The case's held contacts closed: the status, the flags after, q̇⁺, the impulses.
    if (name === 'impact')
      return `st = ${f}impact(t, q, qd, p, ${IMPACT_TOL}, ${IMPACT_REST_VELOCITY}, xs, imp, after, active); printf("%d ", (int)st); for (int i = 0; i < ${nc}; i++) printf("%d ", after[i]); for (int i = 0; i < ${n}; i++) printf("%.17g ", xs[i]); put(imp, ${nc});`;
    const args = params.join(', ');
    // out zeroed as TypeScript's fresh one (a phase leaves the entries of inactive contacts as they were).
    return length === 0
      ? `printf("%.17g\\n", ${prefix}_${snake(name)}(${args}));`
      : `for (int i = 0; i < ${length}; i++) out[i] = 0.0; ${prefix}_${snake(name)}(${args}); put(out, ${length});`;
  });
  return [
    `static int case_${prefix}(void) {`,
    `  double t, q[${n}], qd[${n}], pm[${n}], x[${2 * n}], z[${2 * n}], p[${np + 1}], bad0[${np + 1}], bad1[${np + 1}], out[${most}];`,
    `  double mm[${n * n}], xs[${n}], flags[${nc + 1}], modes[${nc + 1}], imp[${nc + 1}];`,
    `  int ok, active[${nc + 1}], after[${nc + 1}];`,
    '  const char *msgs[1];',
    ...(calls.some((c) => c.name === 'impact') ? [`  ${prefix}_ImpactModeStatus st;`] : []),
    `  if (scanf("%lf", &t) != 1) return 1;`,
    `  ${read('q', n)} ${read('qd', n)} ${read('pm', n)} ${read('p', np)} ${read('bad0', np)} ${read('bad1', np)} ${read('flags', nc)} ${read('modes', nc)}`,
    `  for (int i = 0; i < ${nc}; i++) active[i] = flags[i] != 0.0;`,
    `  for (int i = 0; i < ${n}; i++) { x[i] = z[i] = q[i]; x[${n} + i] = qd[i]; z[${n} + i] = pm[i]; }`,
    ...lines.map((l) => `  ${l}`),
    '  return 0;',
    '}',
  ].join('\n');
}

/**
 * One driver for every model: it reads cases, each after its model's prefix,
 * and prints `#prefix`, then the case's values.
 */
function driver(models: readonly Built[]): string {
  const dispatch = models.map(({ prefix }) => `if (strcmp(name, "${prefix}") == 0) { if (case_${prefix}()) return 1; }`);
  return [
    '#include <stdio.h>',
    '#include <string.h>',
    ...models.map(({ c }) => `#include "${c.header.fileName}"`),
    'static void put(const double *v, int k) { for (int i = 0; i < k; i++) printf("%.17g ", v[i]); printf("\\n"); }',
    ...models.map(({ m, prefix, calls }) => driverCase(m, prefix, calls)),
    'int main(void) {',
    '  char name[128];',
    '  while (scanf("%127s", name) == 1) {',
    '    printf("#%s\\n", name);',
    `    ${dispatch.join(' else ')} else return 2;`,
    '  }',
    '  return 0;',
    '}',
    '',
  ].join('\n');
}

const caseLine = (prefix: string, c: Case): string =>
  `${prefix} ${[c.t, ...c.q, ...c.qd, ...c.pm, ...c.p, ...c.bad[0], ...c.bad[1], ...c.active, ...c.modes].map((v) => (Number.isNaN(v) ? 'nan' : `${v}`)).join(' ')}`;

/** The driver's output lines by model prefix. */
function byModel(output: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] = [];
  for (const line of output.trim().split('\n'))
    if (line.startsWith('#')) {
      const prefix = line.slice(1);
      if (!out.has(prefix)) out.set(prefix, []);
      current = out.get(prefix)!;
    } else current.push(line);
  return out;
}

/** A function of the module, the driver's arguments, and the length of its output (0: a number). */
interface Call {
  readonly name: string;
  readonly params: readonly string[];
  readonly length: number;
}

/** A model's cases, C module and calls, as built once for the file. */
interface Built {
  readonly name: string;
  readonly m: ModelCases;
  readonly c: ReturnType<typeof generateC>;
  readonly prefix: string;
  readonly calls: readonly Call[];
}

/** The object gcc makes of a module's source, beside it. */
const objectOf = (c: ReturnType<typeof generateC>): string => c.source.fileName.replace(/\.c$/, '.o');

const examples = await loadExamples();

/** Compiles a module's source under the strict flags into `dir`; throws with the compiler's messages. */
function compile(dir: string, c: ReturnType<typeof generateC>, object: string): void {
  writeFileSync(join(dir, c.header.fileName), c.header.text);
  writeFileSync(join(dir, c.source.fileName), c.source.text);
  execFileSync('gcc', [...FLAGS, '-c', join(dir, c.source.fileName), '-o', object], { stdio: 'pipe' });
}

describe.runIf(HAVE_GCC || IN_CI)('the C module of every example agrees with the TypeScript module', () => {
  it('gcc is installed (CI never skips this check)', () => {
    expect(HAVE_GCC, `gcc is missing: ${INSTALL}`).toBe(true);
  });

  it('clang is installed (CI never skips this check)', () => {
    if (!IN_CI && !HAVE_CLANG) return;
    expect(HAVE_CLANG, `clang is missing: ${INSTALL}`).toBe(true);
  });

  const dir = mkdtempSync(join(tmpdir(), 'mechanics-c-'));
  const built = new Map<string, Built>();
  let gcc: ToolRun, optimized: ToolRun, clang: ToolRun | undefined, driven: ToolRun;
  let outputs = new Map<string, string[]>();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Every module at once: gcc compiles them all in two runs (-O0, and -O2 for the OPTIMIZED; an object each,
  // beside its source), clang checks them all; one driver linked with every object evaluates every model's
  // cases in one process. A compiler goes on past a module it refuses, so each model's test below finds its
  // own messages.
  beforeAll(async () => {
    if (!HAVE_GCC) return;
    for (const [i, ex] of examples.entries()) {
      const m = await modelCases(ex, 9100 + i);
      const c = generateC(m.sys, ex.source);
      // Output lengths from TypeScript's values (0: a number).
      const calls = [...c.signatures].map(([fn, params]) => {
        const r = tsResult(m, fn, params, m.cases[0]!);
        return { name: fn, params, length: typeof r === 'number' ? 0 : r.length };
      });
      writeFileSync(join(dir, c.header.fileName), c.header.text);
      writeFileSync(join(dir, c.source.fileName), c.source.text);
      built.set(ex.spec.name, { name: ex.spec.name, m, c, prefix: cPrefix(m.sys.model.name), calls });
    }
    const models = [...built.values()];
    const sources = models.map(({ c }) => c.source.fileName);
    const at = (optimized: boolean): string[] => models.filter(({ name }) => OPTIMIZED.has(name) === optimized).map(({ c }) => c.source.fileName);
    [gcc, optimized, clang] = await Promise.all([
      runTool('gcc', [...FLAGS, '-c', ...at(false)], dir),
      runTool('gcc', [...STRICT, '-O2', '-c', ...at(true)], dir),
      HAVE_CLANG ? runTool('clang', [...FLAGS, '-fsyntax-only', ...sources], dir) : undefined,
    ]);
    // The driver (test code, stdio: not under the strict flags) with the models gcc compiled: one refused fails its own test only.
    const compiled = models.filter(({ c }) => existsSync(join(dir, objectOf(c))));
    writeFileSync(join(dir, 'driver.c'), driver(compiled));
    const linked = await runTool('gcc', ['-std=c99', '-O0', 'driver.c', ...compiled.map(({ c }) => objectOf(c)), '-lm', '-o', 'driver'], dir);
    const input = compiled.flatMap(({ m, prefix }) => m.cases.map((cs) => caseLine(prefix, cs))).join('\n');
    driven = linked.status === 0 ? await runTool(join(dir, 'driver'), [], dir, `${input}\n`) : linked;
    outputs = byModel(driven.stdout);
  });

  it.each(examples.map((ex) => [ex.spec.name] as const))('%s: compiles warning-free, gives the same values, and lists what it does not give', (name) => {
    if (!HAVE_GCC) return;
    const { m, c, prefix, calls } = built.get(name)!;
    const file = c.source.fileName;
    // The module under the strict flags (no message about it, and its object made); the driver beside it.
    const level = OPTIMIZED.has(name) ? '-O2' : '-O0';
    expect(messagesAbout((OPTIMIZED.has(name) ? optimized : gcc).stderr, file), `gcc ${level} on ${file}`).toEqual([]);
    expect(existsSync(join(dir, objectOf(c))), `gcc made ${file}'s object`).toBe(true);
    if (clang) expect(messagesAbout(clang.stderr, file), `clang on ${file}`).toEqual([]);
    expect(driven.status, `the driver: ${driven.stderr}`).toBe(0);
    const output = outputs.get(prefix) ?? [];
    expect(output.length).toBe(CASES * calls.length);
    m.cases.forEach((cs, k) =>
      calls.forEach((call, j) => {
        const got = output[k * calls.length + j]!.trim().split(/\s+/).map(parseNumber);
        expectSame(got, tsResult(m, call.name, call.params, cs), call.name, `${name}: ${call.name}, case ${k}`);
      }),
    );
    expectContractListed(m, c.available, c.missing, c.header.text, (fn) => `${prefix}_${snake(fn)}`);
    expect(readFileSync(join(dir, c.header.fileName), 'utf8')).toContain(`#define ${prefix.toUpperCase()}_N ${m.sys.model.coordinates.length}`);
  });

  it('each compiler ran through every module without a message', () => {
    if (!HAVE_GCC) return;
    for (const run of [gcc, optimized, ...(clang ? [clang] : [])]) expect(run.status, run.stderr).toBe(0);
  });

  it('the impact cases include impacts resolved by a mode, and refusals', () => {
    if (!HAVE_GCC) return;
    // Random states with the held contacts closed: most approach, some into a corner the model has no rule for.
    expect(impactStatuses.get('resolved'), [...impactStatuses].join('; ')).toBeGreaterThan(20);
    expect(impactStatuses.get('corner-without-rule'), [...impactStatuses].join('; ')).toBeGreaterThan(0);
  });

  it('two models’ headers meet in one program: what they declare carries the model’s name', () => {
    if (!HAVE_GCC) return;
    const names = ['bouncing-ball', 'compass'];
    const both = names.map((name) => built.get(name)!.c);
    for (const c of both) expect(c.header.text).toMatch(/_ImpactModeStatus;$/m);
    const main = join(dir, 'both.c');
    writeFileSync(
      main,
      `${both.map((c) => `#include "${c.header.fileName}"`).join('\n')}\nint main(void) { return BOUNCING_BALL_N + COMPASS_N == 4 ? 0 : 1; }\n`,
    );
    // The two objects the strict build above made.
    const objects = both.map((c) => join(dir, objectOf(c)));
    execFileSync('gcc', [...FLAGS, '-I', dir, main, ...objects, '-lm', '-o', join(dir, 'both')], { stdio: 'pipe' });
    expect(execFileSync(join(dir, 'both')).length).toBe(0);
  });

  it('a title that would close or open a comment, or start a trigraph, stays in the comment', () => {
    if (!HAVE_GCC) return;
    const ball = examples.find((e) => e.spec.name === 'bouncing-ball')!;
    const title = 'Ball */ int x; /* ??= \\';
    const c = generateC(derived({ ...ball.spec, title }), ball.source);
    expect(c.header.text).toContain('Ball * / int x; / * ??= \\');
    // Its own folder: the shared one holds the ball's module that the driver was built from.
    const own = mkdtempSync(join(dir, 'title-'));
    compile(own, c, join(own, 'title.o'));
  });
});
