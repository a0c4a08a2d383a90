// The figures of every example as a referee reads them: the motion study's
// samples drawn never put a point (or a disc) that starts on the free side of
// a rigid surface of the sketch into the solid; the sketch shows the plane's
// axes, gravity wherever the potential has g, every text inside its view
// box; each plot has one unit on its axis and series of comparable size;
// every coordinate has a phase portrait; a run that comes to rest is shown
// only a little past it; the energy's drift stays at the integrator's
// tolerance where only impacts change it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { freeSymbols } from '../../src/core/expr.js';
import { buildModel } from '../../src/model/index.js';
import { PLANE_X, PLANE_Y } from '../../src/model/validate/drawing.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { MAX_SERIES, motionSection, sketchFigure, type MotionSimulation, type MotionTrajectory } from '../../src/report/motion.js';
import { conservativeBetweenEvents, energyDrift, restTime, SCALE_RATIO, shownTrajectory, spread, uniformRun } from '../../src/report/motion-plots.js';
import { mechanicsSymbol } from '../../src/report/notation.js';
import { sketchAnnotations } from '../../src/report/sketch-annotations.js';
import { modelDrawing, poser } from '../../src/report/sketch.js';
import { parameterEnv } from '../../src/report/sketch-view.js';
import { reportMotion } from '../../src/studies/motion.js';
import { models, ROOT } from './reports.js';

// Each model's module as generated/ holds it (test/codegen/generated.test.ts checks that it is the current build),
// loaded by the loader compileModel uses: deriving and generating every model again here was a third of this file's CPU.
const examples = models.map((file) => {
  const model = buildModel(file.spec);
  const { simulation } = reportMotion(loadGenerated(readFileSync(join(ROOT, 'generated', `${file.spec.name}.ts`), 'utf8')));
  const trajectory = 'trajectory' in simulation ? simulation.trajectory : undefined;
  return { name: file.spec.name, spec: file.spec, model, simulation, trajectory, drawing: modelDrawing(file.spec, model) };
});

/** The texts of an SVG with their position, anchor and size, and its view box. */
function svgTexts(svg: string): { box: number[]; texts: { x: number; y: number; anchor: string; size: number; text: string }[] } {
  const box = /viewBox="([^"]+)"/.exec(svg)![1]!.split(' ').map(Number);
  const texts = [...svg.matchAll(/<text[^>]* x="([-\d.]+)" y="([-\d.]+)" text-anchor="(\w+)" font-size="(\d+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    anchor: m[3]!,
    size: Number(m[4]),
    text: m[5]!.replace(/&[a-z]+;/g, '&'),
  }));
  return { box, texts };
}

describe('every example’s motion stays on the free side of its sketch’s rigid surfaces', () => {
  // Contacts realized by forces (compliant, Winkler patches) press into the surface by design: their points are not checked.
  const rigid = examples.filter((e) => e.trajectory && e.drawing && !e.model.compliant?.length && !e.model.patches?.length && !e.model.realizations?.length);

  it('checks the rigid examples with a drawn surface (the ball, the rod, the walkers, the billiards…)', () => {
    expect(rigid.filter((e) => e.drawing!.ground.length > 0 || sketchAnnotations(e.drawing!, e.model).surfaces.length > 0).length).toBeGreaterThan(8);
  });

  it.each(rigid.map((e) => [e.name, e] as const))('%s', (_, e) => stays(e));

  it('the compass walker’s trailing swing foot passes a few mm through the slope at every step, as the model lets it and the report states', () => {
    const e = examples.find((x) => x.name === 'compass-walker')!;
    const tr = e.trajectory!;
    const l = 1;
    const passes = 'passes' in e.simulation ? e.simulation.passes : [];
    expect(passes.map((p) => p.contact)).toEqual([0, 1]);
    // Once a step: 6 steps in t1 = 4 s, each foot swinging in every other one.
    expect(passes.map((p) => p.count)).toEqual([3, 3]);
    const text = JSON.stringify(motionSection(e.model, { ...e.simulation, trajectory: tr } as MotionSimulation, e.drawing)!.blocks);
    // The hip's plots go by the sticking rule, the energy's as it is conserved between the impacts, each said: one phase portrait, of the legs.
    const left = motionSection(e.model, { ...e.simulation, trajectory: tr } as MotionSimulation, e.drawing)!.blocks;
    const ids = left.flatMap((b) => (b.kind === 'figure' ? [b.id] : []));
    expect(ids).not.toContain('plot-energy');
    expect(ids.filter((id) => id.startsWith('plot-phase'))).toEqual(['plot-phase']);
    expect(ids.filter((id) => id.startsWith('plot-coordinates'))).toEqual(['plot-coordinates']);
    expect(JSON.stringify(left)).toContain('are left out of the plots: at every instant of the run a closed sticking contact sets them');
    for (const p of passes) {
      const k = tr.t.indexOf(p.t);
      const [a1, a2] = [tr.q[k]![2]!, tr.q[k]![3]!];
      const [swing, stance] = p.contact === 0 ? [a1, a2] : [a2, a1];
      // Trailing (its `when: ai > aj` fails), the other foot standing on the slope (y = l cos aj):
      // the gap y − l cos ai = l(cos aj − cos ai) = 2l sin((ai + aj)/2) sin((ai − aj)/2).
      expect(swing).toBeLessThan(stance);
      expect(p.gap).toBeCloseTo(2 * l * Math.sin((swing + stance) / 2) * Math.sin((swing - stance) / 2), 6);
      // From a start off the gait (the swing leg at rest) the scuff is deeper than the gait's 3.6 mm, and under a centimetre.
      expect(p.gap).toBeGreaterThan(-1e-2);
      expect(p.gap).toBeLessThan(-3.5e-3);
      // The sketch draws the foot at that depth below the ground y = 0.
      expect(poser(e.drawing!, e.model)(tr.q[k]!, p.t).xy[2 * (p.contact + 1) + 1]).toBeCloseTo(p.gap, 9);
      expect(text).toContain(`passes 3 times, deepest `);
      expect(text).toContain(`f_{${p.contact + 1}} = ${Number(p.gap.toPrecision(2))}`);
    }
  });

  function stays(e: (typeof rigid)[number]): void {
    const drawing = e.drawing!;
    const env = parameterEnv(e.model);
    const tr = e.trajectory!;
    const at = poser(drawing, e.model);
    // Signed distances (positive on the free side) of a point to each surface: lines exactly, curves to first order.
    const surfaces = [
      ...drawing.ground.map((g) => (x: number, y: number) => (g.a * x + g.b * y + g.c) / Math.hypot(g.a, g.b)),
      ...sketchAnnotations(drawing, e.model).surfaces.map((s) => (x: number, y: number) => {
        const f = (u: number, v: number): number => evaluate(s.f, { ...env, [PLANE_X.name]: u, [PLANE_Y.name]: v });
        const h = 1e-7;
        return f(x, y) / Math.hypot((f(x + h, y) - f(x - h, y)) / (2 * h), (f(x, y + h) - f(x, y - h)) / (2 * h));
      }),
    ];
    const radii = drawing.discs.map((d) => Math.abs(evaluate(d.radius, env)));
    // An arrow's tip or a note's point marks the still sketch (the billiard's v₀ at P): no body of the motion.
    const marks = new Set([...(drawing.annotations.vectors ?? []).map((a) => a.to), ...(drawing.annotations.notes ?? []).map((n) => n.at)]);
    const bodies = [...drawing.points.flatMap((_, i) => (marks.has(i) ? [] : [{ i, r: 0 }])), ...drawing.discs.map((d, k) => ({ i: d.center, r: radii[k]! }))];
    const poses = tr.q.map((q, k) => at(q, tr.t[k]));
    const xy = poses.flatMap((p) => p.xy);
    const extent = Math.max(spread(xy.filter((_, k) => k % 2 === 0)), spread(xy.filter((_, k) => k % 2 === 1)), ...radii, 1e-3);
    const tol = 1e-6 * extent;
    const passes = 'passes' in e.simulation ? e.simulation.passes : [];
    for (const side of surfaces)
      for (const b of bodies) {
        const distance = (k: number): number => side(poses[k]!.xy[2 * b.i]!, poses[k]!.xy[2 * b.i + 1]!) - b.r;
        if (distance(0) < -tol) continue; // drawn in the solid from the start (a prism's corner on its guide): not declared above it
        const worst = Math.min(...poses.map((_, k) => distance(k)));
        const name = drawing.points[b.i]!.name;
        // A point may pass only where the report says its contact (of the same name) does, and as deep (the walkers' gaps are distances).
        const stated = passes.find((p) => e.model.unilateral[p.contact]!.name === name && !b.r);
        if (stated) expect(worst, `${name}: drawn as deep as stated`).toBeCloseTo(stated.gap, 6);
        else expect(worst, `${name}${b.r ? ' (disc)' : ''} goes ${(-worst).toExponential(2)} into a surface`).toBeGreaterThanOrEqual(-tol);
      }
  }
});

describe('every example’s sketch', () => {
  const drawn = examples.filter((e) => e.drawing);

  it('exists for the billiards, the viscoelastic disk and the point between planes', () => {
    for (const name of ['circle-billiard', 'parabolic-billiard', 'viscoelastic-disk', 'point-between-planes']) expect(drawn.map((e) => e.name)).toContain(name);
  });

  it.each(drawn.map((e) => [e.name, e] as const))('%s: axes named, gravity where V has g, every text inside the view box', (_, e) => {
    const svg = sketchFigure(e.model, e.drawing!, e.trajectory).svg;
    expect(svg.match(/class="axis-name"/g) ?? []).toHaveLength(e.drawing!.annotations.axes === false ? 0 : 2);
    const heavy = e.model.V !== undefined && freeSymbols(e.model.V).has('g');
    expect(svg.includes('class="gravity"'), heavy ? 'no gravity arrow though V has g' : 'a gravity arrow without g in V').toBe(heavy);
    const { box, texts } = svgTexts(svg);
    const [x0, y0, w, h] = box as [number, number, number, number];
    for (const t of texts) {
      // 0.55 em a character, 0.7 em above the baseline, 0.2 em below: a sans-serif's extent, independent of the scene's estimate.
      const width = 0.55 * t.size * [...t.text].length;
      const left = t.anchor === 'start' ? t.x : t.anchor === 'end' ? t.x - width : t.x - width / 2;
      expect(left, `'${t.text}' past the left edge`).toBeGreaterThanOrEqual(x0);
      expect(left + width, `'${t.text}' past the right edge`).toBeLessThanOrEqual(x0 + w);
      expect(t.y - 0.7 * t.size, `'${t.text}' past the top`).toBeGreaterThanOrEqual(y0);
      expect(t.y + 0.2 * t.size, `'${t.text}' past the bottom`).toBeLessThanOrEqual(y0 + h);
    }
  });

  it('marks the angle coordinates that turn a segment: θ of the pendulum, the disks’ rotations', () => {
    const angles = (name: string): string[] => {
      const e = drawn.find((x) => x.name === name)!;
      return [...sketchFigure(e.model, e.drawing!, e.trajectory).svg.matchAll(/class="angle-name"[^>]*>([^<]*)</g)].map((m) => m[1]!);
    };
    expect(angles('simple-pendulum')).toEqual(['θ']);
    expect(angles('double-pendulum')).toEqual(['q₁', 'q₂']);
    expect(angles('viscoelastic-disk')).toEqual(['φ']);
    expect(angles('rough-disk')).toEqual(['θ']);
  });

  it('labels the arrows and notes the model declares, and draws no point at an arrow’s tip: the billiard’s R and v₀, the planes’ F, F_z, Φ, f₁, f₂', () => {
    const svg = (name: string): string => {
      const e = drawn.find((x) => x.name === name)!;
      return sketchFigure(e.model, e.drawing!, e.trajectory).svg;
    };
    // An index drawn as a subscript (<tspan dy=…>z</tspan>, scene.ts svgText) read back as _z.
    const labels = (name: string): string[] =>
      [...svg(name).matchAll(/class="(?:vector-name|note)"[^>]*>(.*?)<\/text>/g)].map((m) => m[1]!.replace(/<tspan dy="[\d.]+"[^>]*>([^<]*)<\/tspan>/g, '_$1'));
    expect(labels('circle-billiard')).toEqual(['R', 'v₀']);
    expect(labels('point-between-planes')).toEqual(['F', 'F_z', 'Φ', 'f₁', 'f₂']);
    // The planes are drawn apart only to tell them apart: the caption does not call that to scale.
    const caption = (name: string): string => {
      const e = drawn.find((d) => d.name === name)!;
      return sketchFigure(e.model, e.drawing!, e.trajectory)
        .caption.map((c) => (typeof c === 'string' ? c : ''))
        .join('');
    };
    expect(caption('point-between-planes')).toContain('not to scale: the clearance between the planes, which vanishes.');
    expect(caption('circle-billiard')).toContain('drawn to scale');
    // What the sketch shows opens its caption (drawing.shows), not "The model at its initial configuration".
    expect(caption('circle-billiard').startsWith('The point ')).toBe(true);
    expect(caption('circle-billiard')).toContain(', at the middle of its first chord, drawn from ');
    // V, the velocity's tip, and B, the radius's, are heads; P, O and A are points.
    expect([...svg('circle-billiard').matchAll(/class="name"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['P', 'O', 'A']);
  });
});

/** The examples whose runs stand on a sticking foot at every instant: the hinge or centre it sets from the leg's angle. */
const HELD_BY_STICKING: Readonly<Record<string, readonly string[]>> = {
  compass: ['xc', 'yc'],
  'compass-walker': ['x', 'y'],
  'hinged-compass': ['x', 'y'],
  'rimless-wheel': ['x', 'y'],
};

describe('every example’s plots', () => {
  const simulated = examples.filter((e) => e.trajectory);
  const sections = simulated.map((e) => ({ e, section: motionSection(e.model, { trajectory: e.trajectory as MotionTrajectory, method: 'test' }, e.drawing)! }));

  it.each(sections.map((s) => [s.e.name, s] as const))('%s: one unit per axis, comparable sizes, a phase portrait per coordinate', (_, { e, section }) => {
    const figures = section.blocks.flatMap((b) => (b.kind === 'figure' ? [b] : []));
    const cs = e.model.coordinates.slice(0, MAX_SERIES);
    const tr = e.trajectory!;
    // A run of constant accelerations (the prisms sliding in their guides) is stated, not plotted.
    if (uniformRun(tr as MotionTrajectory)) {
      expect(figures.filter((f) => f.id.startsWith('plot-')).map((f) => f.id)).toEqual([]);
      return;
    }
    // Every coordinate the shown run moves, and none it holds at one value (their plots would be flat lines), nor one a
    // sticking foot sets from a leg's angle at every instant (said in a line instead).
    const { shown: run } = shownTrajectory(tr as MotionTrajectory);
    const held = HELD_BY_STICKING[e.name] ?? [];
    const moving = cs
      .map((_, i) => i)
      .filter((i) => spread(run.q.map((r) => r[i]!)) > 1e-9 * Math.max(1, ...run.q.map((r) => Math.abs(r[i]!))) && !held.includes(cs[i]!.name));
    for (const dot of [false, true]) {
      const plots = figures.filter((f) => f.id.startsWith(dot ? 'plot-velocities' : 'plot-coordinates'));
      const shown = new Set<number>();
      for (const f of plots) {
        // The legend names the series; the axis caption carries one unit, theirs.
        const series = f.legend.flatMap((l) => {
          const i = cs.findIndex((c) => mechanicsSymbol(dot ? c.qd.name : c.name) === l.label);
          return i < 0 ? [] : [i];
        });
        expect(series.length, f.id).toBeGreaterThan(0);
        series.forEach((i) => shown.add(i));
        const units = new Set(series.map((i) => cs[i]!.unit));
        expect(units.size, `${f.id} mixes ${[...units].join(' and ')}`).toBe(1);
        const caption = /class="axis"[^>]*rotate\(-90\)"[^>]*>([^<]*)</.exec(f.svg)?.[1] ?? '';
        expect(caption.match(/\[/g)?.length ?? 0, `${f.id}: '${caption}'`).toBeLessThanOrEqual(1);
        const spreads = series.map((i) => spread(tr.qd.length && dot ? tr.qd.map((r) => r[i]!) : tr.q.map((r) => r[i]!))).filter((s) => s > 0);
        if (spreads.length > 1) expect(Math.max(...spreads) / Math.min(...spreads), `${f.id}: sizes`).toBeLessThanOrEqual(SCALE_RATIO * 1.5);
      }
      // A velocity at one value over the whole run (the released point's ẋ = 1, the bicycle's steady speeds) is stated, not plotted.
      const flatVelocity = (i: number): boolean => spread(tr.qd.map((r) => r[i]!)) <= 1e-9 * Math.max(1, ...tr.qd.map((r) => Math.abs(r[i]!)));
      expect(
        [...shown].sort((a, b) => a - b),
        dot ? 'velocities' : 'coordinates',
      ).toEqual(dot ? moving.filter((i) => !flatVelocity(i)) : moving);
    }
    const phased = figures.filter((f) => f.id.startsWith('plot-phase')).flatMap((f) => f.legend.map((l) => l.label));
    // A coordinate at one velocity throughout has no portrait: it would be a horizontal line (kozlov1988 §3's x₂).
    const steady = (i: number): boolean => spread(run.qd.map((r) => r[i]!)) <= 1e-9 * Math.max(1, ...run.qd.map((r) => Math.abs(r[i]!)));
    for (const i of moving)
      expect(phased.includes(`(${mechanicsSymbol(cs[i]!.name)}, ${mechanicsSymbol(cs[i]!.qd.name)})`), `phase portrait of ${cs[i]!.name}`).toBe(!steady(i));
  });

  it('the bouncing ball and at least one other example come to rest, and their plots stop soon after', () => {
    const resting = simulated.filter((e) => restTime(e.trajectory!) !== undefined);
    expect(resting.map((e) => e.name)).toContain('bouncing-ball');
    for (const e of resting) {
      const tr = e.trajectory!;
      const rest = restTime(tr)!;
      const [t0, t1] = [tr.t[0]!, tr.t[tr.t.length - 1]!];
      const section = sections.find((s) => s.e === e)!.section;
      const plot = section.blocks.find((b) => b.kind === 'figure' && b.id === 'plot-coordinates');
      if (plot?.kind !== 'figure') throw new Error(`${e.name}: no coordinates plot`);
      // The frame's right edge is the last sample shown; the last tick label at most a margin past rest.
      const ticks = [...plot.svg.matchAll(/class="tick" x="[-\d.]+" y="([-\d.]+)" text-anchor="middle"[^>]*>([^<]*)</g)].map((m) =>
        Number(m[2]!.replace('−', '-')),
      );
      const step = (t1 - t0) / (tr.t.length - 1);
      const end = rest + Math.max(0.1 * (rest - t0), 0.02 * (t1 - t0)) + step;
      expect(Math.max(...ticks), e.name).toBeLessThanOrEqual(end + 1e-9);
      expect(end, `${e.name}: cut before the run's end`).toBeLessThan(t1);
    }
  });

  it('states the energy drift in a line, not a plot, where only impacts change the energy; it stays at the integrator’s tolerance', () => {
    const conservative = sections.filter(({ e }) => e.trajectory!.energy && conservativeBetweenEvents(e.model));
    expect(conservative.map((s) => s.e.name)).toEqual(expect.arrayContaining(['bouncing-ball', 'simple-pendulum', 'double-pendulum']));
    const said = (blocks: readonly unknown[]): boolean => JSON.stringify(blocks).includes('Between events the energy is conserved');
    for (const { e, section } of conservative) {
      expect(said(section.blocks), e.name).toBe(true);
      const tr = e.trajectory!;
      // rtol 1e-8 per step: a drift of 1e-5 would be a thousand steps' worth of error all in one direction.
      expect(Math.max(...energyDrift(tr.t, tr.energy!, tr.events).map(Math.abs)), e.name).toBeLessThan(1e-5);
    }
    for (const { e, section } of sections)
      expect(
        section.blocks.some((b) => b.kind === 'figure' && b.id === 'plot-energy-drift'),
        e.name,
      ).toBe(false);
    for (const { e, section } of sections.filter((s) => !conservativeBetweenEvents(s.e.model))) expect(said(section.blocks), e.name).toBe(false);
  });
});
