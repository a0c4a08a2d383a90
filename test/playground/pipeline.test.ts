// The playground's pipeline in Node: a model file's text compiled as the CLI
// compiles the file (the same generated module byte for byte), errors named
// with their field, and runs at slider values on the module evaluated once.
// Tests: playground/pipeline.ts, playground/model-source.ts, playground/sketch-data.ts, playground/plots.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { loadModelFile } from '../../src/pipeline/model-file.js';
import { buildOutputs } from '../../src/pipeline/outputs.js';
import { MechanicsError } from '../../src/errors.js';
import { deriveText, runModel, runText, slidersOf, texReport, type Derivation } from '../../playground/pipeline.js';
import { buildModel } from '../../src/model/index.js';
import { plotsOf } from '../../playground/plots.js';
import { modelDrawing } from '../../src/report/sketch.js';
import { ROOT } from '../helpers/examples.js';

const text = (name: string): string => readFileSync(join(ROOT, 'derivations', `${name}.ts`), 'utf8');
/** Rubanovich–Formalsky §1: the standing foot stays (both impulsive) iff α > arcsin(1/√3). */
const CRITICAL = Math.asin(1 / Math.sqrt(3));

describe("the playground's sliders", () => {
  it('give a one-sided range an explicit end a few times the default away, and say so', () => {
    const model = buildModel({
      name: 'hinged-body',
      coordinates: ['phi'],
      parameters: { m: 1, l: 0.5, I: { default: 0.3, range: ['m*l^2', null], open: 'lower' }, k: { default: -2, range: [null, 0] } },
      kinetic: "(I - m*l^2)*phi'^2/2",
      potential: '-k*phi^2/2',
    });
    expect(slidersOf(model).map((s) => [s.name, s.lo, s.hi, s.range])).toEqual([
      // I: from m l² = 0.25 to max(4 × 0.3, 0.25 + 1); k: from min(−4 × 2, 0 − 1) to 0.
      ['I', 0.25, 1.25, '(l^2*m, ∞), the slider from 0.25 to 1.25'],
      ['k', -8, 0, '(−∞, 0], the slider from -8 to 0'],
    ]);
  });
});

describe('the playground pipeline on the compass', () => {
  let d: Derivation;
  beforeAll(() => {
    d = deriveText(text('compass'), 'derivations/compass.ts');
  });

  it('generates the module the CLI generates from the file, byte for byte', async () => {
    const cli = buildOutputs(compileModel(await loadModelFile('derivations/compass.ts', ROOT), loadGenerated), { report: false });
    expect(d.compiled.module.source).toBe(cli.files.get('generated/compass.ts'));
  });

  it('has one slider, alpha over its declared range (0, pi/2), and the report with its impact maps', () => {
    expect(d.sliders.map((s) => [s.name, s.lo, s.hi, s.default])).toEqual([['alpha', 0, Math.PI / 2, 0.3]]);
    expect(d.html).toContain('<section id="impact-maps"');
    expect(d.html).not.toContain('<section id="simulation"');
  });

  it('writes the .tex report with the motion at the defaults, on request', () => {
    const tex = texReport(d);
    expect(tex).toContain('\\begin{document}');
    expect(tex).toContain('Simulated motion');
  });

  it('switches the impact mode where alpha crosses arcsin(1/sqrt(3)), on the same generated module', () => {
    const first = (alpha: number) => [...runModel(d.compiled, { alpha }).events.find((e) => e.type === 'impact')!.contacts].sort();
    // Below: D strikes, B lifts off (only D impulsive); above: B stays (both impulsive).
    expect(first(CRITICAL - 0.01)).toEqual(['footD']);
    expect(first(CRITICAL + 0.01)).toEqual(['footB', 'footD']);
  });

  it("animates the run with the report's sketch drawn at the run's parameters: the legs meet at 2 alpha, equal at every frame", () => {
    const run = runModel(d.compiled, { alpha: 0.5 });
    expect('html' in run.animation).toBe(true);
    const html = (run.animation as { html: string }).html;
    const frames = JSON.parse(/<script type="application\/json" class="frames">(.*?)<\/script>/s.exec(html)![1]!) as { t: number[]; xy: number[][] };
    expect(frames.t[0]).toBe(0);
    expect(frames.t[frames.t.length - 1]).toBeCloseTo(run.trajectory.t[run.trajectory.t.length - 1]!, 4);
    // Points O, B, D in pixels (one scale for x and y, rounded to 0.1 px), picked by name
    // among the drawing's points (which also holds the centre of mass C).
    const names = modelDrawing(d.compiled.spec, d.compiled.model)!.points.map((p) => p.name);
    const at = (n: string): number => names.indexOf(n);
    const legs = frames.xy.map((xy) => {
      const [ox, oy, bx, by, dx, dy] = [at('O'), at('B'), at('D')].flatMap((i) => [xy[2 * i], xy[2 * i + 1]]);
      const ob = [bx! - ox!, by! - oy!],
        od = [dx! - ox!, dy! - oy!];
      const angle = Math.acos((ob[0]! * od[0]! + ob[1]! * od[1]!) / (Math.hypot(ob[0]!, ob[1]!) * Math.hypot(od[0]!, od[1]!)));
      return { ob: Math.hypot(ob[0]!, ob[1]!), od: Math.hypot(od[0]!, od[1]!), angle };
    });
    for (const l of legs) {
      expect(Math.abs(l.ob - legs[0]!.ob)).toBeLessThan(0.3);
      expect(Math.abs(l.od - l.ob)).toBeLessThan(0.3);
      expect(l.angle).toBeCloseTo(2 * 0.5, 2);
    }
  });

  it('says why a model without a drawing is not animated', () => {
    // Every example draws itself: a ball on a line, written here without one.
    const ball = [
      "import { defineModel } from 'unilateral-mechanics';",
      "export default defineModel({ name: 'undrawn-ball', coordinates: ['y'], parameters: { g: 9.81 }, kinetic: \"y'^2/2\", potential: 'g*y', initial: { q: { y: 1 }, t1: 1 } });",
    ].join('\n');
    expect(runModel(deriveText(ball, 'undrawn-ball.ts').compiled, {}).animation).toEqual({
      problem: 'The model declares no drawing (and has no geometry or particles to draw).',
    });
  });

  it('prints the run as the CLI does (CSV header with units, JSON with the parameters) and plots it', () => {
    const run = runModel(d.compiled, { alpha: 0.5 });
    expect(runText(d.compiled, run, 'csv').split('\n')[0]).toMatch(/^t \[s\],xc \[m\],yc \[m\],psi \[rad\]/);
    expect(JSON.parse(runText(d.compiled, run, 'json')).params.alpha).toBe(0.5);
    const plots = plotsOf(d.compiled.model, run.trajectory);
    expect(plots.map((p) => p.id)).toEqual(['plot-q', 'plot-qd', 'plot-energy', 'plot-phase-0', 'plot-phase-1', 'plot-phase-2']);
    // One dot per event in each phase portrait.
    expect(plots[3]!.svg.match(/<circle class="event"/g)!.length).toBe(run.trajectory.events.length);
  });
});

describe('the playground pipeline on models written as programs', () => {
  it("builds a model with the kernel's own constructors (compass-walker imports ../src/core/expr.js) into the CLI's module", async () => {
    const d = deriveText(text('compass-walker'), 'derivations/compass-walker.ts');
    const cli = buildOutputs(compileModel(await loadModelFile('derivations/compass-walker.ts', ROOT), loadGenerated), { report: false });
    expect(d.compiled.module.source).toBe(cli.files.get('generated/compass-walker.ts'));
  });

  it('runs the loops of a model file (the n-link pendulum: one coordinate per link)', () => {
    const d = deriveText(text('n-link-pendulum'), 'derivations/n-link-pendulum.ts');
    const n = d.compiled.model.coordinates.length;
    expect(n).toBeGreaterThan(2);
    expect(d.compiled.model.coordinates.map((c) => c.name)).toEqual(Array.from({ length: n }, (_, i) => `q${i + 1}`));
  });
});

describe('the playground pipeline on bad models', () => {
  it('names the field of a malformed expression', () => {
    const bad = text('bouncing-ball').replace("potential: 'm*g*y'", "potential: 'm*g*'");
    let err: unknown;
    try {
      deriveText(bad, 'model.ts');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MechanicsError);
    expect((err as MechanicsError).code).toBe('parse-error');
    expect((err as MechanicsError).where.field).toBe('potential');
  });

  it('says why a text that does not compile or export a model is none', () => {
    expect(() => deriveText('export default defineModel({', 'model.ts')).toThrow(/cannot compile the model/);
    expect(() => deriveText('export const x = 1;', 'model.ts')).toThrow(/no default export made with defineModel/);
    expect(() => deriveText("import { readFileSync } from 'node:fs'; export default { name: String(readFileSync) };", 'model.ts')).toThrow(
      /cannot import 'node:fs'/,
    );
  });
});
