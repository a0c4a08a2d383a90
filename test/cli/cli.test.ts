// The command line on a user's own model file: help without side effects,
// exit codes 0/1/2, derive into a folder, simulate what the file says now,
// parameters as expressions inside their ranges, caps that name their
// option, and the JSON and CSV shapes.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { BALL, cli, projectWith, simulateJson, type JsonRun } from './run-cli.js';

const G = 9.81;

describe('mechanics --help', () => {
  it.each(['derive', 'report', 'simulate', 'list'])('%s --help prints its usage, exits 0 and writes nothing', async (command) => {
    const dir = projectWith('ball.ts', BALL);
    const out = join(dir, 'out');
    for (const flag of ['--help', '-h']) {
      const r = await cli(command, join(dir, 'ball.ts'), '--out', out, flag);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^usage: mechanics ${command}`));
      expect(existsSync(out)).toBe(false);
    }
  });

  it('with no command prints the command list', async () => {
    const r = await cli();
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('derive [file|dir…]');
  });
});

describe('usage errors exit 2', () => {
  it.each([
    [['frobnicate'], "unknown command 'frobnicate'"],
    [['derive', '--frob'], 'unknown option --frob'],
    [['simulate'], 'simulate needs a model'],
    [['simulate', 'a.ts', 'b.ts'], "unexpected 'b.ts'"],
    [['simulate', 'a.ts', '--param', 'alpha=0.7=9'], "--param needs name=value (e.g. --param alpha=pi/4), got 'alpha=0.7=9'"],
    [['simulate', 'a.ts', '--samples'], '--samples needs a value'],
    [['simulate', 'a.ts', '--format', 'xml'], '--format must be one of summary, csv, json'],
    [['simulate', 'a.ts', '--t1', '1', '--t1', '2'], '--t1 given twice'],
    [['derive', '--js=yes'], '--js takes no value'],
    [['derive', '--target', 'rust'], "--target must be one of ts, c, python, got 'rust'"],
    [['derive', '--target', 'c', '--js'], '--js compiles the TypeScript module: it cannot go with --target c'],
    [['derive', '--driver'], '--driver writes a C program that runs the C module: it goes with --target c'],
  ])('%j', async (argv, message) => {
    const r = await cli(...argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
  });
});

describe('derive on a model file outside the package', () => {
  it("writes the repository's layout under DIR (DIR/generated/, DIR/docs/reports/), and the compiled .mjs computes q̈ = −g", async () => {
    const dir = projectWith('ball.ts', BALL);
    const out = join(dir, 'out');
    const r = await cli('derive', join(dir, 'ball.ts'), '--out', out, '--js');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const files = ['generated/ball.ts', 'generated/ball.mjs', 'docs/reports/ball.tex', 'docs/reports/ball.body.tex', 'docs/reports/ball.html'];
    for (const f of [...files, 'docs/reports/index.html', 'docs/reports/katex/katex.min.css']) expect(existsSync(join(out, f)), f).toBe(true);
    expect(readdirSync(out).sort()).toEqual(['docs', 'generated']);
    // The line derive prints names each file where it is.
    expect(r.stdout).toContain(files.map((f) => join(out, f)).join(', '));
    const mod = (await import(/* @vite-ignore */ pathToFileURL(join(out, 'generated', 'ball.mjs')).href)) as LoadedModule;
    expect(mod.accelerations(0, [1], [0], {})[0]).toBeCloseTo(-G, 12);
    expect(mod.model.initial.q0).toEqual([2]);
  });

  it('--js writes a module that imports from a CommonJS project (the package.json of `npm init -y`)', async () => {
    const dir = projectWith('ball.ts', BALL);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'cjs-project', version: '1.0.0', main: 'index.js', type: 'commonjs' }));
    expect((await cli('derive', join(dir, 'ball.ts'), '--out', dir, '--js', '--no-report')).code).toBe(0);
    const r = spawnSync(process.execPath, ['-e', "import('./generated/ball.mjs').then((m) => console.log(m.accelerations(0, [1], [0], {})[0]))"], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(Number(r.stdout)).toBeCloseTo(-G, 12);
  });

  it('--no-report writes only the generated module', async () => {
    const dir = projectWith('ball.ts', BALL);
    const r = await cli('derive', join(dir, 'ball.ts'), '--out', join(dir, 'out'), '--no-report');
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'out', 'generated', 'ball.ts'))).toBe(true);
    expect(existsSync(join(dir, 'out', 'docs'))).toBe(false);
  });

  it.each([
    ['c', ['generated/ball.h', 'generated/ball.c'], 'double *ball_rhs(double t, const double *x, const double *p, double *out)'],
    ['c --driver', ['generated/ball.h', 'generated/ball.c', 'generated/ball-driver.c'], 'int main(int argc, char **argv)'],
    ['python', ['generated/ball.py'], 'def rhs(t, x, p, out=None):'],
  ])('--target %s writes the module in that language, and no TypeScript', async (target, files, signature) => {
    const dir = projectWith('ball.ts', BALL);
    const out = join(dir, 'out');
    const r = await cli('derive', join(dir, 'ball.ts'), '--out', out, '--no-report', '--target', ...target.split(' '));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readdirSync(join(out, 'generated')).sort()).toEqual(files.map((f) => f.slice('generated/'.length)).sort());
    expect(files.map((f) => readFileSync(join(out, f), 'utf8')).join('\n')).toContain(signature);
  });

  it('never writes into node_modules', async () => {
    const dir = projectWith('ball.ts', BALL);
    const r = await cli('derive', join(dir, 'ball.ts'), '--out', join(dir, 'node_modules', 'out'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('inside node_modules');
    expect(existsSync(join(dir, 'node_modules'))).toBe(false);
  });

  it('a model with an error exits 1 with the named error and writes nothing', async () => {
    const dir = projectWith('bad.ts', BALL.replace("potential: 'm*g*y'", "potential: 'm*k*y'"));
    const r = await cli('derive', join(dir, 'bad.ts'), '--out', join(dir, 'out'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error \[unknown-symbol\].*'k'/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('a file that does not compile exits 1 naming the file and line', async () => {
    const dir = projectWith('broken.ts', 'export default {\n');
    const r = await cli('derive', join(dir, 'broken.ts'), '--out', join(dir, 'out'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error \[bad-model-file\]: cannot compile .*broken\.ts/);
  });
});

describe('simulate a model file', () => {
  it('prints { model, params, t, q, qd, energy, events }; the first impact is at √(2h/g)', async () => {
    const dir = projectWith('ball.ts', BALL);
    const run = await simulateJson(join(dir, 'ball.ts'), '--samples', '11');
    expect(run.model).toBe('ball');
    expect(run.params).toEqual({ m: 1, g: G, e: 0.5 });
    expect(run.t).toHaveLength(11);
    expect(run.q[0]).toEqual([2]);
    expect(run.qd[0]).toEqual([0]);
    expect(run.energy[0]).toBeCloseTo(2 * G, 12);
    expect(run.events[0]).toMatchObject({ type: 'impact', contacts: ['floor'] });
    expect(run.events[0]!.t).toBeCloseTo(Math.sqrt((2 * 2) / G), 8);
  });

  it('an impact event carries q, q̇ before it, q̇ after it (Newton: −e·v) and the impulse m(1 + e)v', async () => {
    const dir = projectWith('ball.ts', BALL);
    const impact = (await simulateJson(join(dir, 'ball.ts'))).events[0]!;
    const v = Math.sqrt(2 * G * 2);
    expect(impact.q[0]).toBeCloseTo(0, 9);
    expect(impact.qd[0]).toBeCloseTo(-v, 7);
    expect(impact.qdPlus![0]).toBeCloseTo(0.5 * v, 7);
    expect(impact.impulses![0]).toBeCloseTo(1.5 * v, 7);
  });

  it('every event carries its state, with no nulls; only impacts carry q̇⁺ and impulses; the rest is at y = 0, ẏ = 0', async () => {
    const dir = projectWith('ball.ts', BALL);
    const run = await simulateJson(join(dir, 'ball.ts'), '--t1', '5');
    const rest = run.events.filter((e) => e.type === 'rest');
    expect(rest).toHaveLength(1);
    for (const e of run.events) {
      expect(Object.values(e)).not.toContain(null);
      expect(e.q).toHaveLength(1);
      expect(e.qd).toHaveLength(1);
      expect('qdPlus' in e).toBe(e.type === 'impact');
      expect('impulses' in e).toBe(e.type === 'impact');
    }
    expect(rest[0]!.q[0]).toBeCloseTo(0, 12);
    expect(rest[0]!.qd[0]).toBeCloseTo(0, 12);
    // Consecutive impacts: the velocity after one is, reversed, the velocity before the next (a free flight).
    const impacts = run.events.filter((e) => e.type === 'impact');
    expect(impacts.length).toBeGreaterThan(5);
    expect(impacts[1]!.qd[0]).toBeCloseTo(-impacts[0]!.qdPlus![0]!, 7);
  });

  it("Moreau–Jean events carry the state at the end of the reporting step and the step's impulse", async () => {
    const dir = projectWith('ball.ts', BALL);
    const run = await simulateJson(join(dir, 'ball.ts'), '--method', 'moreau-jean', '--h', '1e-4', '--t1', '1');
    const impact = run.events.find((e) => e.type === 'impact')!;
    const v = Math.sqrt(2 * G * 2);
    // One step after the arrival: q̇⁻ is v_k, q̇⁺ = −e q̇⁻ (Newton's law at velocity level, e = 0.5, no gravity in U⁺), the impulse m(q̇⁺ − q̇⁻) + m g h.
    expect(impact.qd[0]).toBeCloseTo(-v, 3);
    expect(impact.qdPlus![0]).toBeCloseTo(-0.5 * impact.qd[0]!, 10);
    expect(impact.impulses![0]).toBeCloseTo(impact.qdPlus![0]! - impact.qd[0]! + G * 1e-4, 10);
    expect(Math.abs(impact.q[0]!)).toBeLessThan(v * 1e-4);
  });

  it('--q0 and --param take expressions of the parameters', async () => {
    const dir = projectWith('ball.ts', BALL);
    const run = await simulateJson(join(dir, 'ball.ts'), '--param', 'g=2*pi', '--q0', 'y=g/4', '--t1', 'sqrt(2)');
    expect(run.params.g).toBe(2 * Math.PI);
    expect(run.q[0]).toEqual([Math.PI / 2]);
    expect(run.t.at(-1)).toBe(Math.SQRT2);
    expect(run.events[0]!.t).toBeCloseTo(Math.sqrt((2 * (Math.PI / 2)) / (2 * Math.PI)), 8);
  });

  it('runs what the file says now, not an earlier build', async () => {
    const dir = projectWith('ball.ts', BALL);
    const file = join(dir, 'ball.ts');
    const before = await simulateJson(file);
    writeFileSync(file, readFileSync(file, 'utf8').replace('y: 2 }', 'y: 0.5 }'));
    const after = await simulateJson(file);
    expect(before.events[0]!.t).toBeCloseTo(Math.sqrt(4 / G), 8);
    expect(after.events[0]!.t).toBeCloseTo(Math.sqrt(1 / G), 8);
  });

  it('a parameter outside its declared range is a named error (exit 1)', async () => {
    const dir = projectWith('ball.ts', BALL);
    const r = await cli('simulate', join(dir, 'ball.ts'), '--param', 'e=1.5');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("field '--param e'");
    expect(r.stderr).toContain("parameter 'e' is 1.5 at this run's parameter values; it must be in [0, 1]");
  });

  it('rough-hinge-pendulum at I ≤ m l² says so (bad-range, exit 1), not that the journal locks itself', async () => {
    const r = await cli('simulate', 'rough-hinge-pendulum', '--param', 'I=0.1');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("error [bad-range]: [model 'rough-hinge-pendulum', field '--param I']");
    expect(r.stderr).toContain("parameter 'I' is 0.1 at this run's parameter values; it must be > l^2*m = 0.25");
    expect(r.stderr).not.toContain('self-locking');
  });

  it('an unknown parameter or coordinate is a named error (exit 1)', async () => {
    const dir = projectWith('ball.ts', BALL);
    expect((await cli('simulate', join(dir, 'ball.ts'), '--param', 'k=1')).stderr).toMatch(/error \[unknown-parameter\].*no parameter 'k'/);
    expect((await cli('simulate', join(dir, 'ball.ts'), '--q0', 'x=1')).stderr).toMatch(/error \[unknown-coordinate\].*no coordinate 'x'/);
  });

  it('a step cap that trips names --max-steps', async () => {
    const dir = projectWith('ball.ts', BALL);
    const r = await cli('simulate', join(dir, 'ball.ts'), '--max-steps', '3');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error \[max-steps\].*field '--max-steps'.*raise --max-steps or loosen --rtol\/--atol/);
  });

  it('an event cap that trips names --max-events', async () => {
    const dir = projectWith('ball.ts', BALL);
    const r = await cli('simulate', join(dir, 'ball.ts'), '--t1', '5', '--max-events', '2');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error \[too-many-events\].*field '--max-events'.*more than 2 events \(cap --max-events\)/);
  });

  it('--method moreau-jean takes --h and rejects the integrator options', async () => {
    const dir = projectWith('ball.ts', BALL);
    const run = await simulateJson(join(dir, 'ball.ts'), '--method', 'moreau-jean', '--h', '1e-4');
    expect(run.events[0]!.t).toBeCloseTo(Math.sqrt(4 / G), 3);
    const r = await cli('simulate', join(dir, 'ball.ts'), '--method', 'moreau-jean', '--rtol', '1e-6');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--rtol applies to --method event only');
  });

  it('CSV names every column with its unit and lists the events in time order', async () => {
    const dir = projectWith('ball.ts', BALL);
    const r = await cli('simulate', join(dir, 'ball.ts'), '--format', 'csv', '--samples', '3');
    const [header, ...rows] = r.stdout.trim().split('\n');
    expect(header).toBe("t [s],y [m],y' [m/s],energy,y'+ [m/s],impulse floor,event");
    const times = rows.map((row) => Number(row.split(',')[0]));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const impact = rows.find((row) => row.endsWith('impact:floor'))!.split(',');
    const v = Math.sqrt(2 * G * 2);
    expect(Number(impact[0])).toBeCloseTo(Math.sqrt(4 / G), 8);
    expect(Number(impact[1])).toBeCloseTo(0, 9);
    expect(Number(impact[2])).toBeCloseTo(-v, 7);
    expect(impact[3]).toBe('');
    expect(Number(impact[4])).toBeCloseTo(0.5 * v, 7);
    expect(Number(impact[5])).toBeCloseTo(1.5 * v, 7);
    const sample = rows[0]!.split(',');
    expect(sample.slice(4)).toEqual(['', '', '']);
  });

  it('--out writes the output to a file', async () => {
    const dir = projectWith('ball.ts', BALL);
    const r = await cli('simulate', join(dir, 'ball.ts'), '--format', 'json', '--out', join(dir, 'run.json'));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect((JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as JsonRun).model).toBe('ball');
  });
});

describe('simulate a model with a compliant contact', () => {
  // The ball on a spring floor (k, undamped): free fall to y = 0 at √(2h/g), a
  // half oscillation below it, and back out at y = 0 with ẏ = +√(2gh).
  const SPRING_BALL = BALL.replace("name: 'ball'", "name: 'spring-ball'")
    .replace('e: { default: 0.5, range: [0, 1] }', 'k: { default: 1000 }')
    .replace("law: { newton: 'e' }", "law: { compliant: { stiffness: 'k' } }");

  it('JSON holds the run and names the contact at each event', async () => {
    const run = await simulateJson(join(projectWith('spring-ball.ts', SPRING_BALL), 'spring-ball.ts'), '--samples', '3');
    expect(run.model).toBe('spring-ball');
    expect(run.t).toEqual([0, 0.5, 1]);
    expect(run.events.map((e) => `${e.type}:${e.contacts.join('+')}`)).toEqual(['contact:floor', 'release:floor']);
    const v = Math.sqrt(2 * G * 2);
    expect(run.events[0]!.t).toBeCloseTo(Math.sqrt((2 * 2) / G), 6);
    expect(run.events[0]!.qd[0]).toBeCloseTo(-v, 5);
    expect(run.events[1]!.qd[0]).toBeCloseTo(v, 5);
  });

  it('CSV names the contact in the event column', async () => {
    const r = await cli('simulate', join(projectWith('spring-ball.ts', SPRING_BALL), 'spring-ball.ts'), '--samples', '3', '--format', 'csv');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').flatMap((row) => row.match(/(?:contact|release):\w+$/)?.[0] ?? [])).toEqual(['contact:floor', 'release:floor']);
  });
});

describe('simulate an example of derivations/ by name', () => {
  it('takes alpha = pi/8 with the configuration given (a fall before the first touchdown)', async () => {
    const r = await cli('simulate', 'compass', '--param', 'alpha=pi/8', '--q0', 'yc=1', '--t1', '0.5', '--samples', '2', '--format', 'json');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as JsonRun).params.alpha).toBe(Math.PI / 8);
  });
});
