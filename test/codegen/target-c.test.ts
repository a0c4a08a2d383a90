// The C module of every example model (print-c.ts): it compiles with
// `gcc -std=c99 -Wall -Wextra -Werror -pedantic` and with clang under the
// same flags, and a driver reading random cases from stdin gives what the
// TypeScript module gives to 1e-12 relative, for every function the C
// module has (impact included: status, contacts closed after, q̇⁺,
// impulses). Without gcc or clang that check says it skipped, except in CI
// (CI=true), where a missing compiler fails.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
  modelCases,
  type ModelCases,
  parseNumber,
  tsResult,
} from '../helpers/targets.js';

// Unoptimized: gcc -O1 took 14.6 s on the bicycle's 400 kB against 1.1 s at -O0, and the values are the same
// IEEE arithmetic either way (no contraction). The warnings only the optimizer's flow analysis finds
// (maybe-uninitialized) are checked at -O2 on models that between them use every solver.
const STRICT = ['-std=c99', '-Wall', '-Wextra', '-Werror', '-pedantic', '-ffp-contract=off'];
const FLAGS = [...STRICT, '-O0'];
const OPTIMIZED = new Set(['double-pendulum', 'compass', 'knife-edge', 'tumbling-box']);

if (!HAVE_GCC && !IN_CI) console.warn(`gcc not found: the C agreement checks are skipped; ${INSTALL}.`);
if (HAVE_GCC && !HAVE_CLANG && !IN_CI) console.warn(`clang not found: the C modules compile under gcc only; ${INSTALL}.`);

/**
 * A driver that reads cases (t, q, qd, pm, p, the two bad p, active, modes)
 * and prints each function's values, a line each.
 */
function driver(m: ModelCases, prefix: string, header: string, calls: readonly { name: string; params: readonly string[]; length: number }[]): string {
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
    '#include <stdio.h>',
    `#include "${header}"`,
    'static void put(const double *v, int k) { for (int i = 0; i < k; i++) printf("%.17g ", v[i]); printf("\\n"); }',
    'int main(void) {',
    `  double t, q[${n}], qd[${n}], pm[${n}], x[${2 * n}], z[${2 * n}], p[${np + 1}], bad0[${np + 1}], bad1[${np + 1}], out[${most}];`,
    `  double mm[${n * n}], xs[${n}], flags[${nc + 1}], modes[${nc + 1}];`,
    `  int ok, active[${nc + 1}], after[${nc + 1}];`,
    `  double imp[${nc + 1}];`,
    '  const char *msgs[1];',
    ...(calls.some((c) => c.name === 'impact') ? [`  ${prefix}_ImpactModeStatus st;`] : []),
    '  (void)ok; (void)mm; (void)xs; (void)active; (void)modes; (void)after; (void)imp;',
    '  while (scanf("%lf", &t) == 1) {',
    `    ${read('q', n)} ${read('qd', n)} ${read('pm', n)} ${read('p', np)} ${read('bad0', np)} ${read('bad1', np)} ${read('flags', nc)} ${read('modes', nc)}`,
    `    for (int i = 0; i < ${nc}; i++) active[i] = flags[i] != 0.0;`,
    `    for (int i = 0; i < ${n}; i++) { x[i] = z[i] = q[i]; x[${n} + i] = qd[i]; z[${n} + i] = pm[i]; }`,
    ...lines.map((l) => `    ${l}`),
    '  }',
    '  return 0;',
    '}',
    '',
  ].join('\n');
}

const caseLine = (c: Case): string =>
  [c.t, ...c.q, ...c.qd, ...c.pm, ...c.p, ...c.bad[0], ...c.bad[1], ...c.active, ...c.modes].map((v) => (Number.isNaN(v) ? 'nan' : `${v}`)).join(' ');

const examples = await loadExamples();

/** Compiles a module's source under the strict flags into `dir`; throws with the compiler's messages. */
function compile(dir: string, c: ReturnType<typeof generateC>, object: string, flags = FLAGS, compiler = 'gcc'): void {
  writeFileSync(join(dir, c.header.fileName), c.header.text);
  writeFileSync(join(dir, c.source.fileName), c.source.text);
  execFileSync(compiler, [...flags, '-c', join(dir, c.source.fileName), '-o', object], { stdio: 'pipe' });
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
  it.each(examples.map((ex, i) => [ex.spec.name, ex, i] as const))(
    '%s: compiles warning-free, gives the same values, and lists what it does not give',
    async (name, ex, i) => {
      if (!HAVE_GCC) return;
      const m = await modelCases(ex, 9100 + i);
      const c = generateC(m.sys, ex.source);
      // Output lengths from TypeScript's values (0: a number).
      const calls = [...c.signatures].map(([fn, params]) => {
        const r = tsResult(m, fn, params, m.cases[0]!);
        return { name: fn, params, length: typeof r === 'number' ? 0 : r.length };
      });
      const exe = join(dir, name);
      writeFileSync(join(dir, `${name}-driver.c`), driver(m, cPrefix(m.sys.model.name), c.header.fileName, calls));
      // The module under the strict flags; the driver (test code, stdio) beside it.
      compile(dir, c, `${exe}.o`);
      if (OPTIMIZED.has(name)) compile(dir, c, `${exe}-O2.o`, [...STRICT, '-O2']);
      if (HAVE_CLANG) compile(dir, c, `${exe}-clang.o`, FLAGS, 'clang');
      execFileSync('gcc', ['-std=c99', '-O0', '-I', dir, join(dir, `${name}-driver.c`), `${exe}.o`, '-lm', '-o', exe], { stdio: 'pipe' });
      const output = execFileSync(exe, { input: `${m.cases.map(caseLine).join('\n')}\n` })
        .toString()
        .trim()
        .split('\n');
      expect(output.length).toBe(CASES * calls.length);
      m.cases.forEach((cs, k) =>
        calls.forEach((call, j) => {
          const got = output[k * calls.length + j]!.trim().split(/\s+/).map(parseNumber);
          expectSame(got, tsResult(m, call.name, call.params, cs), call.name, `${name}: ${call.name}, case ${k}`);
        }),
      );
      expectContractListed(m, c.available, c.missing, c.header.text, (fn) => `${cPrefix(m.sys.model.name)}_${snake(fn)}`);
      expect(readFileSync(join(dir, c.header.fileName), 'utf8')).toContain(
        `#define ${cPrefix(m.sys.model.name).toUpperCase()}_N ${m.sys.model.coordinates.length}`,
      );
    },
    // The bicycle's module (0.6 MB of C, its rhsJacobian forward mode on the bodies' program) takes up to a minute on a shared machine.
    300_000,
  );

  it('the impact cases include impacts resolved by a mode, and refusals', () => {
    if (!HAVE_GCC) return;
    // Random states with the held contacts closed: most approach, some into a corner the model has no rule for.
    expect(impactStatuses.get('resolved'), [...impactStatuses].join('; ')).toBeGreaterThan(20);
    expect(impactStatuses.get('corner-without-rule'), [...impactStatuses].join('; ')).toBeGreaterThan(0);
  });

  it('two models’ headers meet in one program: what they declare carries the model’s name', () => {
    if (!HAVE_GCC) return;
    const both = ['bouncing-ball', 'compass'].map((name) => {
      const ex = examples.find((e) => e.spec.name === name)!;
      const c = generateC(derived(ex.spec), ex.source);
      compile(dir, c, join(dir, `${name}-both.o`));
      return c;
    });
    for (const c of both) expect(c.header.text).toMatch(/_ImpactModeStatus;$/m);
    const main = join(dir, 'both.c');
    writeFileSync(
      main,
      `${both.map((c) => `#include "${c.header.fileName}"`).join('\n')}\nint main(void) { return BOUNCING_BALL_N + COMPASS_N == 4 ? 0 : 1; }\n`,
    );
    execFileSync('gcc', [...FLAGS, '-I', dir, main, ...['bouncing-ball', 'compass'].map((n) => join(dir, `${n}-both.o`)), '-lm', '-o', join(dir, 'both')], {
      stdio: 'pipe',
    });
    expect(execFileSync(join(dir, 'both')).length).toBe(0);
  });

  it('a title that would close or open a comment, or start a trigraph, stays in the comment', () => {
    if (!HAVE_GCC) return;
    const ball = examples.find((e) => e.spec.name === 'bouncing-ball')!;
    const title = 'Ball */ int x; /* ??= \\';
    const c = generateC(derived({ ...ball.spec, title }), ball.source);
    expect(c.header.text).toContain('Ball * / int x; / * ??= \\');
    compile(dir, c, join(dir, 'title.o'));
  });
});
