// The sketch of a model: its declared drawing read against the model's names
// and evaluated, the default from its particles, fixed lines, and the
// problems of a drawing named by field.
import { describe, expect, it } from 'vitest';
import { MechanicsError } from '../../src/errors.js';
import { buildModel, defineModel, type ModelSpec } from '../../src/model/index.js';
import { boundingBox, modelDrawing, poser, sketchScene, view } from '../../src/report/sketch.js';

const pendulum = (drawing?: ModelSpec['drawing'], particles?: ModelSpec['particles']): ModelSpec =>
  defineModel({
    name: 'sketch-pendulum',
    coordinates: [{ name: 'theta', unit: 'rad' }],
    parameters: { m: 1, l: 2, g: 9.81, alpha: 0.3 },
    ...(particles ? { particles } : { kinetic: "m*l^2*theta'^2/2" }),
    potential: '-m*g*l*cos(theta)',
    ...(drawing ? { drawing } : {}),
    initial: { q: { theta: 1 } },
  });

const rod = { points: { O: [0, 0], bob: ['l*sin(theta)', '-l*cos(theta)'] }, segments: [['O', 'bob']], ground: 'y = -x*tan(alpha)' } as const;

describe('a declared drawing', () => {
  const spec = pendulum(rod);
  const model = buildModel(spec);
  const drawing = modelDrawing(spec, model)!;

  it('evaluates its points at a configuration with the default parameters', () => {
    const [ox, oy, bx, by] = poser(drawing, model)([1]).xy;
    expect([ox, oy]).toEqual([0, 0]);
    expect(bx).toBeCloseTo(2 * Math.sin(1), 14);
    expect(by).toBeCloseTo(-2 * Math.cos(1), 14);
  });

  it('reads a ground equation as a line a·x + b·y + c = 0, solid where negative (y = −x tan α: below the slope)', () => {
    const [g] = drawing.ground;
    expect(g!.a).toBeCloseTo(Math.tan(0.3), 12);
    expect(g!.b).toBeCloseTo(1, 12);
    expect(g!.c).toBeCloseTo(0, 12);
  });

  it('draws to scale: the bar is l times the scale long in pixels, labelled points, hatched ground', () => {
    const at = poser(drawing, model);
    const v = view(boundingBox(drawing, model, [at([1]), at([-1])]));
    const scene = sketchScene('s', 'pendulum', drawing, model, at([1]), v);
    const bar = scene.items.find((i) => i.kind === 'line' && i.cls === 'bar')!;
    if (bar.kind !== 'line') throw new Error('no bar');
    expect(Math.hypot(bar.x2 - bar.x1, bar.y2 - bar.y1)).toBeCloseTo(2 * v.scale, 9);
    // Pixels have y down: the bob hangs below the pivot.
    expect(bar.y2).toBeGreaterThan(bar.y1);
    expect(scene.items.filter((i) => i.kind === 'text').map((i) => (i.kind === 'text' ? i.text : ''))).toEqual(['O', 'bob']);
    expect(scene.items.filter((i) => i.cls === 'hatch').length).toBeGreaterThan(5);
  });

  it('frames the whole motion with equal scales on both axes', () => {
    const at = poser(drawing, model);
    const box = boundingBox(drawing, model, [at([1]), at([-1])]);
    expect(box.xMin).toBeLessThan(-2 * Math.sin(1));
    expect(box.xMax).toBeGreaterThan(2 * Math.sin(1));
    const v = view(box);
    expect(v.width / (box.xMax - box.xMin)).toBeCloseTo(v.height / (box.yMax - box.yMin), 1);
  });
});

describe('the default drawing', () => {
  it('puts a point at each particle, a spatial one seen from the side (first and last component)', () => {
    const spec = pendulum(undefined, [{ mass: 'm', position: ['l*sin(theta)', '0', '-l*cos(theta)'] }]);
    const model = buildModel(spec);
    const drawing = modelDrawing(spec, model)!;
    expect(drawing.points.map((p) => p.name)).toEqual(['P1']);
    expect(drawing.labels).toBe(false);
    const [x, y] = poser(drawing, model)([0.5]).xy;
    expect(x).toBeCloseTo(2 * Math.sin(0.5), 14);
    expect(y).toBeCloseTo(-2 * Math.cos(0.5), 14);
  });

  it('is absent without particles or a declaration', () => {
    const spec = pendulum();
    expect(modelDrawing(spec, buildModel(spec))).toBeUndefined();
  });
});

describe('problems of a drawing', () => {
  // buildModel refuses a model file's bad drawing (test/model/validate/drawing.test.ts); the sketch reads one given beside a built model.
  const problems = (drawing: ModelSpec['drawing']): MechanicsError => {
    const spec = pendulum();
    try {
      modelDrawing({ ...spec, ...(drawing ? { drawing } : {}) }, buildModel(spec));
    } catch (err) {
      return err as MechanicsError;
    }
    throw new Error('no error');
  };

  it('names every bad field at once: an unknown point, an unknown symbol, a curved ground', () => {
    const err = problems({ points: { O: [0, 0], bob: ['l*sin(theta)', 'h'] }, segments: [['O', 'foot']], ground: 'y = x^2' });
    expect(err).toBeInstanceOf(MechanicsError);
    expect(err.where).toMatchObject({ model: 'sketch-pendulum', field: 'drawing' });
    expect(err.problems.map((p) => p.where.field)).toEqual(['drawing.points.bob[1]', 'drawing.segments[0]', 'drawing.ground[0]']);
    expect(err.message).toContain("'foot' is not a point of the drawing");
    expect(err.message).toContain('not a line');
  });
});
