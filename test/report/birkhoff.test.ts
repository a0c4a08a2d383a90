// kozlov1988 Fig. 2 in the Birkhoff billiard's report (src/report/birkhoff.ts):
// the walls drawn as arcs of their circles of curvature at the orbit’s ends — the lower one
// of radius R₁ about (0, R₁), the upper one of radius R₂ about (0, l − R₂),
// centres typed from the model's geometry, not read from the drawing — the
// orbit's ends on them, the gap between the ends l, and the labels and the
// caption's citation in the figure; drawn where the model file declares it
// (paper.studyFigures), which the Birkhoff billiard alone does.
import { describe, expect, it } from 'vitest';
import birkhoff from '../../derivations/kozlov-birkhoff-orbit.js';
import { REFERENCES } from '../../src/model/sources.js';
import { birkhoffFigure, birkhoffLayout } from '../../src/report/birkhoff.js';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { reportInputs } from '../../src/pipeline/report-inputs.js';
import { buildReport } from '../../src/report/report.js';
import { loadExamples } from '../helpers/examples.js';

const compiled = compileModel({ spec: birkhoff, source: 'derivations/kozlov-birkhoff-orbit.ts' }, loadGenerated);
const model = compiled.system.model;
const { options } = reportInputs(compiled);
const study = options.orbit!;
const { l, R1, R2 } = study.params as Record<'l' | 'R1' | 'R2', number>;
const layout = birkhoffLayout(model, study)!;

describe('kozlov1988 Fig. 2 in the Birkhoff billiard’s report', () => {
  it('is drawn at the orbit’s parameters, l = 0.5 < R₁ = 0.7 < R₂ = 0.9', () => {
    expect([l, R1, R2]).toEqual([0.5, 0.7, 0.9]);
    expect(layout.arcs.map((a) => [a.wall, a.label])).toEqual([
      ['lower', 'R1'],
      ['upper', 'R2'],
    ]);
    expect(layout.lengthLabel).toBe('l');
  });

  it('draws each wall as an arc at its radius from its centre, to 1e-12', () => {
    const walls: Record<string, { centre: [number, number]; radius: number }> = {
      lower: { centre: [0, R1], radius: R1 },
      upper: { centre: [0, l - R2], radius: R2 },
    };
    for (const arc of layout.arcs) {
      const { centre, radius } = walls[arc.wall]!;
      expect(arc.centre[0]).toBeCloseTo(centre[0], 12);
      expect(arc.centre[1]).toBeCloseTo(centre[1], 12);
      expect(arc.points.length).toBeGreaterThan(20);
      for (const [x, y] of arc.points) expect(Math.abs(Math.hypot(x - centre[0], y - centre[1]) - radius)).toBeLessThan(1e-12);
      // Wide enough to read as a wall: more than the orbit is long.
      const xs = arc.points.map((p) => p[0]);
      expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(l);
    }
  });

  it('puts the orbit’s ends on the walls, at (0, 0) and (0, l), the gap between them l', () => {
    const ends = [...layout.ends].sort((a, b) => a[1] - b[1]);
    const [lower, upper] = ends as [readonly [number, number], readonly [number, number]];
    expect(Math.abs(Math.hypot(lower[0], lower[1] - R1) - R1)).toBeLessThan(1e-9);
    expect(Math.abs(Math.hypot(upper[0], upper[1] - (l - R2)) - R2)).toBeLessThan(1e-9);
    expect(Math.abs(lower[0]) + Math.abs(lower[1])).toBeLessThan(1e-6);
    expect(Math.abs(upper[0]) + Math.abs(upper[1] - l)).toBeLessThan(1e-6);
    expect(Math.abs(Math.hypot(upper[0] - lower[0], upper[1] - lower[1]) - l)).toBeLessThan(1e-6);
  });

  it('labels R₁, R₂ and l in the figure, for the PDF too, and cites the paper’s figure', () => {
    const figure = birkhoffFigure(model, study)!;
    for (const label of ['>R₁<', '>R₂<', '>l<']) expect(figure.svg).toContain(label);
    for (const label of ['$R_{1}$', '$R_{2}$', '$l$']) expect(figure.tikz!.picture).toContain(label);
    expect(JSON.stringify(figure.caption)).toContain(`(${REFERENCES.kozlov1988.short} Fig. 2)`);
  });

  it('sets R₁ by the lower wall and R₂ by the upper one, not on the radius’s middle past the other wall', () => {
    const svg = birkhoffFigure(model, study)!.svg;
    const y = (label: string): number => Number(new RegExp(`<text[^>]*\\by="([-0-9.]+)"[^>]*>${label}<`).exec(svg)![1]);
    // The lower wall's end at x = ±0.8l is at height R₁ − √(R₁² − (0.8l)²) = 0.126, the upper's at l − R₂ + √(R₂² − (0.8l)²) = 0.406: R₁ lower (larger y on the page).
    expect(y('R₁')).toBeGreaterThan(y('R₂'));
  });

  it('is drawn where the model file declares it, which the Birkhoff billiard alone does, and nothing without an orbit', async () => {
    const drawn = (o: typeof options): boolean =>
      buildReport(compiled.system, o).sections.some((s) => s.blocks.some((b) => b.kind === 'figure' && b.id === 'birkhoff-orbit'));
    expect(options.orbitWalls).toBe(true);
    expect(drawn(options)).toBe(true);
    expect(drawn({ ...options, orbitWalls: false })).toBe(false);
    const declaring = (await loadExamples()).filter((e) => e.spec.paper?.studyFigures?.some((f) => f.kind === 'periodic-orbit-walls'));
    expect(declaring.map((e) => e.spec.name)).toEqual(['kozlov-birkhoff-orbit']);
    const { orbit: _, ...failed } = study;
    expect(birkhoffFigure(model, { ...failed, error: 'not converged' })).toBeUndefined();
  });
});
