// The sketch of a model: its declared drawing read against the model's names
// and evaluated, the default from its particles, fixed lines, and the
// problems of a drawing named by field.
import { describe, expect, it } from 'vitest';
import { MechanicsError } from '../../src/errors.js';
import { buildModel, defineModel, type ModelSpec } from '../../src/model/index.js';
import { boundingBox, modelDrawing, poser, sketchScene } from '../../src/report/sketch.js';
import { view } from '../../src/report/sketch-view.js';
import { plainSymbol } from '../../src/report/sketch-marks.js';
import { box, overlap } from '../../src/report/sketch-labels.js';
import { svgScene, svgText } from '../../src/report/scene.js';
import walker from '../../derivations/compass-walker.js';
import fallingRod from '../../derivations/falling-rod.js';
import prismPlanar from '../../derivations/prism-in-guides-planar.js';
import rimless from '../../derivations/rimless-wheel.js';

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
    expect(scene.items.filter((i) => i.kind === 'text' && i.cls === 'name').map((i) => (i.kind === 'text' ? i.text : ''))).toEqual(['O', 'bob']);
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

describe('springs, dampers, guides and hidden points', () => {
  // The bob hangs from O by a spring beside a damper (their ends A, B half a length across), a guide down from O.
  const spec = pendulum({
    points: { O: [0, 0], bob: ['l*sin(theta)', '-l*cos(theta)'], A: [0.25, 0], B: [-0.25, 0], D: [0, -1] },
    springs: [['A', 'bob']],
    dampers: [['B', 'bob']],
    guides: [['O', 'D']],
    hidden: ['A', 'B', 'D'],
  });
  const model = buildModel(spec);
  const drawing = modelDrawing(spec, model)!;
  const at = poser(drawing, model);
  const v = view(boundingBox(drawing, model, [at([1])]));
  const still = sketchScene('s', 'pendulum', drawing, model, at([1]), v);
  const px = (x: number, y: number): [number, number] => [(x - v.box.xMin) * v.scale, (v.box.yMax - y) * v.scale];

  it('a spring is a zigzag from its first point to its second, a damper a cup and piston on its line, a guide dashed', () => {
    const spring = still.items.find((i) => i.cls === 'spring')!;
    if (spring.kind !== 'polyline') throw new Error('no spring');
    const [bx, by] = px(2 * Math.sin(1), -2 * Math.cos(1));
    expect(spring.points.slice(0, 2)).toEqual(px(0.25, 0));
    expect(spring.points.slice(-2)).toEqual([bx, by]);
    // Its ends, the coil's two ends on the axis and eleven corners between, 5 px off the axis a–bob either side.
    expect(spring.points).toHaveLength(30);
    const [ax, ay] = px(0.25, 0);
    const off = (k: number): number => ((bx - ax) * (spring.points[2 * k + 1]! - ay) - (by - ay) * (spring.points[2 * k]! - ax)) / Math.hypot(bx - ax, by - ay);
    expect([1, 2, 3, 13].map((k) => Math.round(off(k) * 1e9) / 1e9 + 0)).toEqual([0, 5, -5, 0]);
    const damper = still.items.filter((i) => i.cls === 'damper');
    // Rod, cup, piston, rod; the last rod ends at the bob.
    expect(damper.map((i) => i.kind)).toEqual(['line', 'polyline', 'line', 'line']);
    const last = damper[3]!;
    if (last.kind !== 'line') throw new Error('no rod');
    expect([last.x2, last.y2]).toEqual([bx, by]);
    const guide = still.items.find((i) => i.cls === 'guide')!;
    expect(guide).toMatchObject({ kind: 'line', dash: '4 3' });
  });

  it('hidden points are neither drawn nor named; the animation draws no spring, damper or guide', () => {
    expect(still.items.filter((i) => i.kind === 'text' && i.cls === 'name').map((i) => (i.kind === 'text' ? i.text : ''))).toEqual(['O', 'bob']);
    expect(still.items.filter((i) => i.cls === 'point')).toHaveLength(2);
    const moving = sketchScene('s', 'pendulum', drawing, model, at([1]), v, false);
    expect(moving.items.filter((i) => ['spring', 'damper', 'guide'].includes(i.cls ?? ''))).toEqual([]);
  });

  it('an end that is no point of the drawing is named at its field', () => {
    const bad = { ...spec, drawing: { points: { O: [0, 0] }, springs: [['O', 'X']], hidden: ['Y'] } } as ModelSpec;
    expect(() => modelDrawing(bad, model)).toThrow(/'X' is not a point of the drawing.*'Y' is not a point/);
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

describe('the marks of a sketch', () => {
  const texts = (scene: ReturnType<typeof sketchScene>, cls: string): string[] =>
    scene.items.flatMap((i) => (i.kind === 'text' && i.cls === cls ? [i.text] : []));

  it('the pendulum: axes x, y, gravity down, and θ as an arc from the downward vertical sweeping θ = 1', () => {
    const spec = pendulum(rod);
    const model = buildModel(spec);
    const drawing = modelDrawing(spec, model)!;
    const at = poser(drawing, model);
    const scene = sketchScene('s', 'pendulum', drawing, model, at([1]), view(boundingBox(drawing, model, [at([1])])));
    expect(texts(scene, 'axis-name')).toEqual(['x', 'y']);
    expect(texts(scene, 'angle-name')).toEqual(['θ']);
    // V = −m g l cos θ is m g times the bob's height: gravity points down (+y in pixels), along a vertical shaft.
    const shaft = scene.items.find((i) => i.kind === 'line' && i.cls === 'gravity')!;
    if (shaft.kind !== 'line') throw new Error('no gravity arrow');
    expect(shaft.x2).toBeCloseTo(shaft.x1, 9);
    expect(shaft.y2).toBeGreaterThan(shaft.y1);
    // The arc from straight down (−90°) to the rod at θ − 90°: its ends at the rod's pivot distance r, 1 rad apart.
    const arc = scene.items.find((i) => i.kind === 'polyline' && i.cls === 'angle')!;
    if (arc.kind !== 'polyline') throw new Error('no arc');
    const pivot = scene.items.find((i) => i.kind === 'line' && i.cls === 'bar')!;
    if (pivot.kind !== 'line') throw new Error('no bar');
    const angle = (k: number): number => Math.atan2(-(arc.points[k + 1]! - pivot.y1), arc.points[k]! - pivot.x1);
    expect(angle(0)).toBeCloseTo(-Math.PI / 2, 9);
    expect(angle(arc.points.length - 2) - angle(0)).toBeCloseTo(1, 9);
  });

  it('the compass walker: each leg, of length l at every configuration, named l outside the legs; a₁, a₂ beyond their legs, apart; m_H, m named', () => {
    const spec = walker;
    const model = buildModel(spec);
    const drawing = modelDrawing(spec, model)!;
    const at = poser(drawing, model);
    const pose = at(model.initial.q0);
    const scene = sketchScene('s', 'walker', drawing, model, pose, view(boundingBox(drawing, model, [pose])));
    // The hip to leg 1's mass, drawn over the leg, is b long at every configuration.
    expect(texts(scene, 'length-name')).toEqual(['l', 'l', 'b']);
    const names = scene.items.flatMap((i) => (i.kind === 'text' && i.cls === 'name' ? [i.tex] : []));
    expect(names).toContain('$m_{H}$');
    // Both legs' masses drawn (points m1, m2), each named m; b clear of a₁'s symbol, which sits at its middle.
    expect(names.filter((n) => n === '$m$')).toHaveLength(2);
    const boxes = (cls: string) => scene.items.flatMap((i) => (i.kind === 'text' && i.cls === cls ? [box(i)] : []));
    expect(boxes('angle-name').some((a) => overlap(a, boxes('length-name')[2]!))).toBe(false);
    const hip = scene.items.find((i) => i.kind === 'circle' && i.cls === 'point')!;
    if (hip.kind !== 'circle') throw new Error('no hip');
    const xOf = (cls: string): number[] => scene.items.flatMap((i) => (i.kind === 'text' && i.cls === cls ? [i.x] : []));
    // Leg 1 trails (a₁ = −0.271, left of the hip in pixels), leg 2 leads: each symbol on its own leg's outer side.
    const [a1, a2] = xOf('angle-name') as [number, number];
    const [l1, l2] = xOf('length-name') as [number, number];
    const feet = scene.items.filter((i) => i.kind === 'line' && i.cls === 'bar').map((i) => (i.kind === 'line' ? (i.x1 + i.x2) / 2 : 0));
    expect(l1).toBeLessThan(feet[0]!);
    expect(l2).toBeGreaterThan(feet[1]!);
    // On a circle of 36 px about the hip, where the legs are 36 sin 0.271 = 9.6 px off the vertical: beyond them at
    // 0.271 + 0.35 rad, 36 sin 0.621 = 20.9 px (between them, at 0.35 rad, they were 12.3 px off, over the legs).
    expect(a1 - hip.cx).toBeCloseTo(-36 * Math.sin(0.271 + 0.35), 0);
    expect(a2 - hip.cx).toBeCloseTo(36 * Math.sin(0.271 + 0.35), 0);
  });

  it('the compass walker: the slope’s angle γ marked at the gravity arrow, from a dashed vertical; a wrong angle is a named error', () => {
    const model = buildModel(walker);
    const drawing = modelDrawing(walker, model)!;
    const pose = poser(drawing, model)(model.initial.q0);
    const scene = sketchScene('s', 'walker', drawing, model, pose, view(boundingBox(drawing, model, [pose])));
    expect(texts(scene, 'angle-name')).toEqual(['a₁', 'a₂', 'γ']);
    // In the slope's frame V = g Σ m (y cos γ − x sin γ): gravity is (sin γ, −cos γ), γ = π/60 from the downward vertical.
    const shaft = scene.items.find((i) => i.kind === 'line' && i.cls === 'gravity')!;
    if (shaft.kind !== 'line') throw new Error('no gravity arrow');
    expect(Math.atan2(shaft.x2 - shaft.x1, shaft.y2 - shaft.y1)).toBeCloseTo(Math.PI / 60, 9);
    const reference = scene.items.filter((i) => i.kind === 'line' && i.cls === 'angle-reference').at(-1)!;
    if (reference.kind !== 'line') throw new Error('no reference');
    expect([reference.x1, reference.y1]).toEqual([shaft.x1, shaft.y1]);
    expect(reference.x2).toBeCloseTo(reference.x1, 9);
    expect(reference.y2).toBeGreaterThan(reference.y1);
    const wrong = { ...walker, parameters: { ...walker.parameters, gamma: { default: 0.1 } } };
    const tilted = { ...wrong, drawing: { ...walker.drawing!, annotations: { gravityAngle: 'g' } } };
    const model2 = buildModel(tilted);
    const drawing2 = modelDrawing(tilted, model2)!;
    expect(() => sketchScene('s', 'walker', drawing2, model2, poser(drawing2, model2)(model2.initial.q0), view(boundingBox(drawing2, model2, [pose])))).toThrow(
      expect.objectContaining({ code: 'bad-annotation' }),
    );
    const unknown = { ...walker, drawing: { ...walker.drawing!, annotations: { gravityAngle: 'slope' } } };
    expect(() => modelDrawing(unknown, buildModel(walker))).toThrow(expect.objectContaining({ code: 'unknown-parameter' }));
  });

  it('labels a fixed angle, the rimless wheel’s 2α between spokes 1 and 2, and refuses one the drawing contradicts', () => {
    const model = buildModel(rimless);
    const drawing = modelDrawing(rimless, model)!;
    const pose = poser(drawing, model)(model.initial.q0);
    const scene = sketchScene('s', 'rimless', drawing, model, pose, view(boundingBox(drawing, model, [pose])));
    expect(texts(scene, 'angle-name')).toEqual(['ψ', '2α']);
    // The arc spans π/3 = 2π/6 at the hub, typed from six spokes: a point P on it sees its ends at π − π/6 (inscribed angle).
    const arc = scene.items.filter((i) => i.kind === 'polyline' && i.cls === 'angle').at(-1)!;
    if (arc.kind !== 'polyline') throw new Error('no arc');
    const pt = (k: number): [number, number] => [arc.points[2 * k]!, arc.points[2 * k + 1]!];
    const n = arc.points.length / 2;
    const [a, p, b] = [pt(0), pt(Math.floor(n / 2)), pt(n - 1)];
    const seen = Math.acos(
      ((a[0] - p[0]) * (b[0] - p[0]) + (a[1] - p[1]) * (b[1] - p[1])) / (Math.hypot(a[0] - p[0], a[1] - p[1]) * Math.hypot(b[0] - p[0], b[1] - p[1])),
    );
    expect(2 * (Math.PI - seen)).toBeCloseTo(Math.PI / 3, 6);
    const angles = (angle: string) => ({
      ...rimless.drawing!,
      annotations: { angles: [{ angle, label: '2*alpha', at: 'hub', from: 'spoke1', to: 'spoke2' }] },
    });
    const wrong = { ...rimless, drawing: angles('pi/4') };
    const model2 = buildModel(wrong);
    const drawing2 = modelDrawing(wrong, model2)!;
    expect(() => sketchScene('s', 'rimless', drawing2, model2, pose, view(boundingBox(drawing2, model2, [pose])))).toThrow(
      expect.objectContaining({ code: 'bad-annotation' }),
    );
    const badLabel = {
      ...rimless,
      drawing: { ...rimless.drawing!, annotations: { angles: [{ angle: 'pi/3', label: 'alpha + 1', at: 'hub', from: 'spoke1', to: 'spoke2' }] } },
    };
    expect(() => modelDrawing(badLabel, model)).toThrow(expect.objectContaining({ code: 'bad-annotation' }));
  });

  it('the compass walker’s hip mass mH reads m with a subscript H in the SVG, as m_{H} in the LaTeX; a digit index stays a Unicode subscript', () => {
    const model = buildModel(walker);
    const drawing = modelDrawing(walker, model)!;
    const pose = poser(drawing, model)(model.initial.q0);
    const svg = svgScene(sketchScene('s', 'walker', drawing, model, pose, view(boundingBox(drawing, model, [pose]))));
    // 12 px labels: the index 0.3 em lower, at 0.75 em.
    expect(svg).toContain('>m<tspan dy="3.6" font-size="9">H</tspan></text>');
    expect(svg).not.toContain('>mH<');
    expect(svg).toContain('>a₁</text>');
    expect(plainSymbol('Px')).toBe('P_x');
    expect(plainSymbol('theta')).toBe('θ');
    // Text after an index is raised back; N_{i+1} (a paper sketch's reaction) is one index.
    expect(svgText('dm_H/dt', 10)).toBe('dm<tspan dy="3" font-size="7.5">H</tspan><tspan dy="-3">/dt</tspan>');
    expect(svgText('N_{i+1}', 10)).toBe('N<tspan dy="3" font-size="7.5">i+1</tspan>');
  });

  it('the planar prism: its loads P_x along the guides from the front face and P_y across from the centre, as arrows; M_z an arc', () => {
    const model = buildModel(prismPlanar);
    const drawing = modelDrawing(prismPlanar, model)!;
    const pose = poser(drawing, model)(model.initial.q0);
    const scene = sketchScene('s', 'prism', drawing, model, pose, view(boundingBox(drawing, model, [pose])));
    // The loads, the friction on face 1's bearing points, the pairs' places along the prism and its half width.
    expect(texts(scene, 'vector-name')).toEqual(['P_x', 'P_y', 'Φ₁', 'Φ₂', 'a₁', 'a₂', 'w']);
    expect(texts(scene, 'moment-name')).toEqual(['M_z']);
    // The moment's arc, counter-clockwise (M_z > 0 about z, seen from above): it starts below and right of its centre
    // and, pixels growing down, first rises.
    const arc = scene.items.find((i) => i.kind === 'polyline' && i.cls === 'moment');
    expect(arc?.kind).toBe('polyline');
    if (arc?.kind === 'polyline') expect(arc.points[3]!).toBeLessThan(arc.points[1]!);
    // No yaw arc at θ = 0 (a bare θ on a support point) and no axes across the reaction at pair 11.
    expect(texts(scene, 'angle-name')).toEqual([]);
    expect(texts(scene, 'axis-name')).toEqual([]);
    // Each arrow's shaft is its first line: P_x horizontal to the right, P_y vertical upwards (pixels grow down).
    const shafts = scene.items.filter((i) => i.kind === 'line' && i.cls === 'vector').filter((_, k) => k % 3 === 0);
    const [px, py] = shafts.map((i) => (i.kind === 'line' ? [i.x2 - i.x1, i.y2 - i.y1] : [0, 0]));
    expect(px![0]).toBeGreaterThan(0);
    expect(px![1]).toBeCloseTo(0, 6);
    expect(py![0]).toBeCloseTo(0, 6);
    expect(py![1]).toBeLessThan(0);
    // 0.5 m per N of P_x = 1 against 0.09 m per N of P_y = 2.
    expect(px![0] / -py![1]).toBeCloseTo(0.5 / 0.18, 6);
  });

  it('the falling rod: each half named l, each end its gap f₁, f₂ just below it, the floor its μ and e', () => {
    const model = buildModel(fallingRod);
    const drawing = modelDrawing(fallingRod, model)!;
    const pose = poser(drawing, model)(model.initial.q0);
    const scene = sketchScene('s', 'rod', drawing, model, pose, view(boundingBox(drawing, model, [pose])));
    expect(texts(scene, 'length-name')).toEqual(['l', 'l']);
    expect(texts(scene, 'note')).toEqual(['f₁', 'f₂', 'μ', 'e']);
    const at = (cls: string, text: string) => scene.items.find((i) => i.kind === 'text' && i.cls === cls && i.text === text)!;
    for (const [end, gap] of [
      ['A', 'f₁'],
      ['B', 'f₂'],
    ] as const) {
      const [p, g] = [at('name', end), at('note', gap)];
      if (p.kind !== 'text' || g.kind !== 'text') throw new Error('no label');
      // The name sits 7 px right of its point and 6 px above, the note centred under it.
      expect(g.x).toBeCloseTo(p.x - 7, 6);
      expect(g.y).toBeGreaterThan(p.y + 6);
    }
  });

  it('a point in a circle: the wall R² − x² − y² ≥ 0 drawn as the circle, hatched outside; no gravity without a potential', () => {
    const spec = defineModel({
      name: 'sketch-billiard',
      coordinates: [
        { name: 'x', unit: 'm' },
        { name: 'y', unit: 'm' },
      ],
      parameters: { R: 2, e: 1 },
      kinetic: "(x'^2 + y'^2)/2",
      unilateral: [{ name: 'wall', constraint: 'R^2 - x^2 - y^2 >= 0', law: { newton: 'e' } }],
      drawing: { points: { P: ['x', 'y'] } },
      initial: { q: { x: 0.5 }, qd: { y: 1 } },
    });
    const model = buildModel(spec);
    const drawing = modelDrawing(spec, model)!;
    const at = poser(drawing, model);
    const v = view(boundingBox(drawing, model, [at([0.5, 0])]));
    // The box holds the whole circle of radius 2, though the point sits near the centre.
    expect(v.box.xMax - v.box.xMin).toBeGreaterThan(4);
    const scene = sketchScene('s', 'billiard', drawing, model, at([0.5, 0]), v);
    const circle = scene.items.find((i) => i.kind === 'polyline' && i.cls === 'surface')!;
    if (circle.kind !== 'polyline') throw new Error('no surface');
    const [cx, cy] = [(0 - v.box.xMin) * v.scale, v.box.yMax * v.scale];
    for (let k = 0; k < circle.points.length; k += 2) expect(Math.hypot(circle.points[k]! - cx, circle.points[k + 1]! - cy) / v.scale).toBeCloseTo(2, 2);
    // A hatch points out of the disc (into the solid).
    const hatch = scene.items.find((i) => i.kind === 'line' && i.cls === 'hatch')!;
    if (hatch.kind !== 'line') throw new Error('no hatch');
    expect(Math.hypot(hatch.x2 - cx, hatch.y2 - cy)).toBeGreaterThan(Math.hypot(hatch.x1 - cx, hatch.y1 - cy));
    expect(scene.items.some((i) => i.cls === 'gravity')).toBe(false);
    expect(texts(scene, 'axis-name')).toEqual(['x', 'y']);
  });

  it('a floor realized by a spring is drawn where its force begins, f = 0, as a rigid floor is: the parabola y = x²/(2a), hatched below', () => {
    const spec = defineModel({
      name: 'stiff-floor',
      coordinates: [
        { name: 'x', unit: 'm' },
        { name: 'y', unit: 'm' },
      ],
      parameters: { a: 0.5, N: 100 },
      kinetic: "(x'^2 + y'^2)/2",
      unilateral: [{ name: 'floor', constraint: 'y - x^2/(2*a) >= 0', law: { compliant: { stiffness: 'N' } } }],
      drawing: { points: { P: ['x', 'y'] } },
      initial: { q: { y: 0.2 } },
    });
    const model = buildModel(spec);
    const drawing = modelDrawing(spec, model)!;
    const at = poser(drawing, model);
    const v = view(boundingBox(drawing, model, [at([0, 0.2])]));
    const scene = sketchScene('s', 'floor', drawing, model, at([0, 0.2]), v);
    const floor = scene.items.find((i) => i.kind === 'polyline' && i.cls === 'surface')!;
    if (floor.kind !== 'polyline') throw new Error('no surface');
    // Every vertex in model units lies on y = x²/(2a), a = 0.5, to the contour's resolution.
    for (let k = 0; k < floor.points.length; k += 2) {
      const [x, y] = [floor.points[k]! / v.scale + v.box.xMin, v.box.yMax - floor.points[k + 1]! / v.scale];
      expect(Math.abs(y - x * x)).toBeLessThan(0.02 * (v.box.xMax - v.box.xMin));
    }
    const hatch = scene.items.find((i) => i.kind === 'line' && i.cls === 'hatch')!;
    if (hatch.kind !== 'line') throw new Error('no hatch');
    // Hatched into the solid, below the curve (pixels grow downwards).
    expect(hatch.y2).toBeGreaterThan(hatch.y1);
  });

  it('declared marks replace the defaults: named axes, no gravity, supports drawn open', () => {
    const spec = pendulum({ ...rod, annotations: { axes: ['u', 'w'], gravity: false, supports: ['O'], angles: [] } });
    const model = buildModel(spec);
    const drawing = modelDrawing(spec, model)!;
    const at = poser(drawing, model);
    const scene = sketchScene('s', 'pendulum', drawing, model, at([1]), view(boundingBox(drawing, model, [at([1])])));
    expect(texts(scene, 'axis-name')).toEqual(['u', 'w']);
    expect(scene.items.some((i) => i.cls === 'gravity' || i.cls === 'angle')).toBe(false);
    expect(scene.items.filter((i) => i.cls === 'point support')).toHaveLength(1);
  });
});
