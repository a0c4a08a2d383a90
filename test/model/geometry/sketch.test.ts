// The default drawing of a model given by its geometry: points joined along
// the joint tree, each rigid body's axes from its centre, a planar model in
// its plane and a spatial one in a cabinet projection (vertical along
// gravity, the receding axis at 45° and halved); and the report of
// derivations/free-body.ts, which declares no drawing, sketches and
// animates it.
import { describe, expect, it } from 'vitest';
import { buildModel, type ModelSpec } from '../../../src/model/index.js';
import { modelDrawing, poser } from '../../../src/report/sketch.js';
import freeBody from '../../../derivations/free-body.js';
import { models, report } from '../../report/reports.js';

const drawn = (spec: ModelSpec, q: readonly number[]) => {
  const model = buildModel(spec);
  const drawing = modelDrawing(spec, model)!;
  const xy = poser(drawing, model)(q).xy;
  const at = Object.fromEntries(drawing.points.map((p, i) => [p.name, [xy[2 * i]!, xy[2 * i + 1]!]]));
  const segments = drawing.segments.map(([a, b]) => [drawing.points[a]!.name, drawing.points[b]!.name]);
  return { drawing, at, segments };
};

/** ½·cos 45° as the sketch writes it (0.354). */
const RECEDE = 177 / 500;

describe('the default drawing of a geometry model', () => {
  it('a double pendulum on revolute joints about z, gravity along −y: drawn in the xy plane, joined along the joints', () => {
    const chain = {
      name: 'chain',
      coordinates: ['q1', 'q2'],
      parameters: { m: 1, l: 1.5, g: 9.81 },
      geometry: {
        joints: [
          { type: 'revolute', child: 'A', axes: 'z', coordinates: ['q1'] },
          { type: 'revolute', parent: 'A', child: 'B', at: [0, '-l', 0], axes: 'z', coordinates: ['q2'] },
        ],
        points: [{ name: 'P', from: 'B', frame: 'B', position: [0, '-l', 0] }],
        bodies: [
          { name: 'upper', mass: 'm', centre: 'B' },
          { name: 'lower', mass: 'm', centre: 'P' },
        ],
        gravity: [0, '-g', 0],
      },
      initial: { q: { q1: 0.5 } },
    } as const satisfies ModelSpec;
    const [q1, q2, l] = [0.4, -1.1, 1.5];
    const { drawing, at, segments } = drawn(chain, [q1, q2]);
    expect(drawing.annotations.axes).toEqual(['x', 'y']);
    // Gravity [0, −g, 0] at g = 9.81, drawn in the xy plane as it is.
    const [gx, gy] = drawing.annotations.gravity as readonly [number, number];
    expect([gx, gy / 9.81]).toEqual([0, -1]);
    expect(segments).toEqual([
      ['O', 'A'],
      ['A', 'B'],
      ['B', 'P'],
    ]);
    const expected: Record<string, number[]> = {
      O: [0, 0],
      A: [0, 0],
      B: [l * Math.sin(q1), -l * Math.cos(q1)],
      P: [l * Math.sin(q1) + l * Math.sin(q1 + q2), -l * Math.cos(q1) - l * Math.cos(q1 + q2)],
    };
    for (const [name, [x, y]] of Object.entries(expected)) {
      expect(at[name]![0]).toBeCloseTo(x!, 13);
      expect(at[name]![1]).toBeCloseTo(y!, 13);
    }
  });

  it('derivations/free-body.ts: its centre and axes, √(tr I/m) = √6 long, seen with z up and y receding', () => {
    const { drawing, at, segments } = drawn(freeBody, [1, 0, 0, 0]);
    expect(drawing.annotations.axes).toEqual(['x', 'z']);
    expect(segments).toEqual([
      ['G', 'Bx'],
      ['G', 'By'],
      ['G', 'Bz'],
    ]);
    const L = Math.sqrt(6);
    const expected: Record<string, number[]> = { G: [0, 0], Bx: [L, 0], By: [RECEDE * L, RECEDE * L], Bz: [0, L] };
    for (const [name, [x, y]] of Object.entries(expected)) {
      expect(at[name]![0]).toBeCloseTo(x!, 13);
      expect(at[name]![1]).toBeCloseTo(y!, 13);
    }
    // A quarter turn about x (q = (cos π/4, sin π/4, 0, 0)) takes the body's y axis up and its z axis towards the viewer.
    const turned = drawn(freeBody, [Math.SQRT1_2, Math.SQRT1_2, 0, 0]).at;
    expect(turned.By![0]).toBeCloseTo(0, 13);
    expect(turned.By![1]).toBeCloseTo(L, 13);
    expect(turned.Bz![0]).toBeCloseTo(-RECEDE * L, 13);
    expect(turned.Bz![1]).toBeCloseTo(-RECEDE * L, 13);
  });

  it('a declared drawing wins: derivations/heavy-top.ts keeps its own, and its model carries no default', () => {
    const top = models.find((m) => m.spec.name === 'heavy-top')!.spec;
    expect(buildModel(top).sketch).toBeUndefined();
    expect(modelDrawing(top, buildModel(top))!.points.map((p) => p.name)).toEqual(['O', 'G']);
  });

  it('the report of derivations/free-body.ts has the sketch in its model section and the animation, and renders', () => {
    const built = report(models.find((m) => m.spec.name === 'free-body')!);
    const model = built.doc.sections.find((s) => s.id === 'model')!;
    expect(model.blocks.some((b) => b.kind === 'figure')).toBe(true);
    const html = [...built.files].find(([path]) => path.endsWith('.html'))![1];
    expect(html).toContain('<svg');
    expect(html).toContain('>Bx<');
    expect(html).toContain('<div class="animation"');
  });
});
