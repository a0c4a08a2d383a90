// The report's figures: the sketch beside the model, and the simulated
// motion as plots with units (in both reports) and an animation (HTML).
import { describe, expect, it } from 'vitest';
import { buildModel, defineModel } from '../../src/model/index.js';
import { motionSection, rateUnit, sketchFigure, unitText, type MotionSimulation } from '../../src/report/motion.js';
import { modelDrawing } from '../../src/report/sketch.js';
import corner from '../../derivations/particle-in-corner.js';
import type { ReportTrajectory } from '../../src/report/sections.js';
import { runImpactModes } from '../../src/studies/run-modes.js';

describe('units', () => {
  it('writes powers as superscripts and divides by seconds for rates', () => {
    expect(unitText('m/s^2')).toBe('m/s²');
    expect(unitText('1/s^-1')).toBe('1/s⁻¹');
    expect(rateUnit('rad')).toBe('rad/s');
    expect(rateUnit('m/s')).toBe('m/s^2');
    expect(rateUnit('m/s^2')).toBe('m/s^3');
  });
});

describe('the figures of a bouncing ball', () => {
  const spec = defineModel({
    name: 'motion-ball',
    title: 'Ball',
    coordinates: [{ name: 'y', unit: 'm' }],
    parameters: { m: 1, g: 9.81 },
    kinetic: "m*y'^2/2",
    potential: 'm*g*y',
    drawing: { points: { ball: [0, 'y'] }, ground: 'y = 0' },
    initial: { q: { y: 1 } },
  });
  const model = buildModel(spec);
  const drawing = modelDrawing(spec, model)!;
  // Free fall from 1 m and one impact at t* = √(2/g), two events at that instant.
  const g = 9.81;
  const tStar = Math.sqrt(2 / g);
  const t = Array.from({ length: 101 }, (_, k) => (k / 100) * tStar);
  const trajectory = {
    t,
    q: t.map((s) => [1 - (g * s * s) / 2]),
    qd: t.map((s) => [-g * s]),
    energy: t.map(() => g),
    events: [
      { t: tStar, type: 'impact' as const },
      { t: tStar + 1e-9, type: 'contact' as const },
    ],
  };
  const simulation: MotionSimulation = { trajectory, method: 'test' };
  const section = motionSection(model, simulation, drawing)!;
  const figures = section.blocks.filter((b) => b.kind === 'figure');

  it('plots coordinates, velocities and the phase portrait in both reports, and animates in the page only; the energy, conserved between impacts, is not plotted', () => {
    expect(figures.map((f) => f.id)).toEqual(['plot-coordinates', 'plot-velocities', 'plot-phase', 'animation']);
    expect(figures.map((f) => (f.kind === 'figure' && f.tikz ? 'both' : 'html'))).toEqual(['both', 'both', 'both', 'html']);
  });

  it('labels the axes with units: t [s], y [m], its rate [m/s]; the energy and its drift are said in a line, not plotted', () => {
    const svg = figures.map((f) => (f.kind === 'figure' ? f.svg : '')).join('\n');
    for (const label of ['>t [s]<', '>y [m]<', '>dy/dt [m/s]<']) expect(svg).toContain(label);
    expect(svg).not.toContain('>E [J]<');
    expect(svg).not.toContain('>(E − E₀)/|E₀|<');
    // The energy is constant here: its drift is 0.
    expect(JSON.stringify(section.blocks)).toContain('|E - E_0|/|E_0| \\\\le 0');
  });

  it('draws one marker for the two events at the impact, and says so', () => {
    const coordinates = figures[0]!;
    if (coordinates.kind !== 'figure') throw new Error('no figure');
    // In each of its two layouts, the page's and the phone's.
    expect(coordinates.svg.match(/class="event /g)).toHaveLength(2);
    expect(coordinates.svg.match(/<svg /g)).toHaveLength(2);
    const summary = section.blocks
      .filter((b) => b.kind === 'paragraph')
      .map((b) => (b.kind === 'paragraph' ? b.content.join('') : ''))
      .join(' ');
    expect(summary).toContain('2 events at 1 instant (events closer than the plots resolve, 1/560 of the interval, at one instant): 1 impact, 1 contact.');
    // Three impacts at three instants are counted in the plural.
    const bounces = [0.2, 0.4, 0.6].map((s) => ({ t: s * tStar, type: 'impact' as const }));
    const three = motionSection(model, { trajectory: { ...trajectory, events: bounces }, method: 'test' }, drawing)!;
    expect(JSON.stringify(three.blocks)).toContain('3 events at 3 instants: 3 impacts.');
  });

  it('sketches the model at its initial height, framed to hold the whole fall', () => {
    const f = sketchFigure(model, drawing, trajectory);
    expect(f.tikz?.picture).toMatch(/^\\begin\{tikzpicture\}/);
    expect(f.svg).toContain('class="sketch"');
    expect(f.caption.some((c) => typeof c === 'object' && 'math' in c && c.math === 'y = 1')).toBe(true);
    expect(f.caption.at(-1)).toBe(', drawn to scale with the default parameters.');
  });

  it('says what a sketch draws out of scale instead of calling it drawn to scale', () => {
    const f = sketchFigure(model, { ...drawing, unscaled: 'the ball, $10$ times its size' }, trajectory);
    expect(f.caption.slice(2)).toEqual([', drawn with the default parameters; not to scale: ', 'the ball, ', { math: '10' }, ' times its size', '.']);
  });

  it('explains a motion that was not simulated instead of plotting', () => {
    const s = motionSection(model, { skipped: 'non-ideal supports' }, drawing)!;
    expect(s.blocks.every((b) => b.kind === 'paragraph')).toBe(true);
    expect(JSON.stringify(s.blocks)).toContain('Not simulated: non-ideal supports.');
  });
});

describe('the phase portraits of a cart and pendulum (lengths and angles)', () => {
  const spec = defineModel({
    name: 'motion-cart',
    title: 'Cart',
    coordinates: [
      { name: 'x', unit: 'm' },
      { name: 'theta', unit: 'rad' },
    ],
    parameters: { m: 1, l: 1, g: 9.81 },
    kinetic: "m*x'^2/2 + m*l^2*theta'^2/2",
    potential: '-m*g*l*cos(theta)',
  });
  const model = buildModel(spec);
  const t = [0, 0.5, 1];
  const simulation: MotionSimulation = {
    // ẋ not a straight line in t (a uniform run would be stated, not plotted), θ̇ not constant (its portrait would be left out).
    trajectory: { t, q: t.map((s) => [s, 0.1 * s * s]), qd: t.map((s) => [1 + s * (1 - s), 0.2 * s]), events: [] },
    method: 'test',
  };
  const figures = motionSection(model, simulation, undefined)!.blocks.filter((b) => b.kind === 'figure');

  it('draws one portrait per unit, so that no coordinate is dropped, and each caption says which it shows', () => {
    const phase = figures.filter((f) => f.id.startsWith('plot-phase'));
    expect(phase.map((f) => f.id)).toEqual(['plot-phase', 'plot-phase-2']);
    const captions = phase.map((f) => (f.kind === 'figure' ? f.caption : []));
    expect(captions[0]).toContainEqual({ math: 'x' });
    expect(captions[1]).toContainEqual({ math: '\\theta' });
    const svg = phase.map((f) => (f.kind === 'figure' ? f.svg : ''));
    expect(svg[0]).toContain('>x [m]<');
    expect(svg[1]).toContain('>θ [rad]<');
  });
});

describe('a coordinate at one velocity, as the tangential x₂ of kozlov1988 §3', () => {
  const spec = defineModel({
    name: 'motion-glide',
    title: 'Glide',
    coordinates: [
      { name: 'x', unit: 'm' },
      { name: 'y', unit: 'm' },
    ],
    kinetic: "(x'^2 + y'^2)/2",
  });
  // y = sin t swings, x = t/2 glides: its portrait would be the line ẋ = 1/2.
  const t = Array.from({ length: 21 }, (_, k) => k / 10);
  const trajectory = { t, q: t.map((s) => [s / 2, Math.sin(s)]), qd: t.map((s) => [0.5, Math.cos(s)]), events: [] };
  const figures = motionSection(buildModel(spec), { trajectory, method: 'test' }, undefined)!.blocks.flatMap((b) => (b.kind === 'figure' ? [b] : []));

  it('plots it against time but leaves it out of the phase portraits', () => {
    expect(figures.find((f) => f.id === 'plot-coordinates')!.legend.map((l) => l.label)).toEqual(['x', 'y']);
    expect(figures.filter((f) => f.id.startsWith('plot-phase')).map((f) => f.legend.map((l) => l.label))).toEqual([['(y, \\dot{y})']]);
  });
});

describe('the path of a point in the plane', () => {
  const spec = defineModel({
    name: 'motion-point',
    title: 'Point',
    coordinates: [
      { name: 'x', unit: 'm' },
      { name: 'y', unit: 'm' },
    ],
    kinetic: "(x'^2 + y'^2)/2",
    initial: { q: { x: 1 } },
  });
  const t = Array.from({ length: 41 }, (_, k) => (k / 40) * 2 * Math.PI);
  const trajectory = { t, q: t.map((s) => [Math.cos(s), Math.sin(s)]), qd: t.map((s) => [-Math.sin(s), Math.cos(s)]), events: [] };
  const ids = (model: ReturnType<typeof buildModel>) =>
    motionSection(model, { trajectory, method: 'test' }, undefined)!
      .blocks.filter((b) => b.kind === 'figure')
      .map((b) => b.id);

  it('is drawn where the two coordinates are lengths, in a frame as wide as high for a circle', () => {
    expect(ids(buildModel(spec))).toContain('plot-path');
    const path = motionSection(buildModel(spec), { trajectory, method: 'test' }, undefined)!.blocks.find((b) => b.kind === 'figure' && b.id === 'plot-path');
    const size = /<svg[^>]*width="(\d+)"[^>]*height="(\d+)"/.exec(path?.kind === 'figure' ? path.svg : '');
    expect(Number(size![1])).toBeLessThan(Number(size![2]) * 1.2);
  });
  it('is the one plot where the model leaves out both coordinates against time (the circle billiard’s chords)', () => {
    const unplotted = { names: ['x', 'y', 'phase'], why: 'chords' };
    const section = motionSection(buildModel(spec), { trajectory, method: 'test' }, undefined, [], { unplotted })!;
    expect(section.blocks.flatMap((b) => (b.kind === 'figure' ? [b.id] : []))).toEqual(['plot-path']);
  });
  it('is not drawn for two angles', () => {
    const angles = defineModel({
      ...spec,
      coordinates: [
        { name: 'x', unit: 'rad' },
        { name: 'y', unit: 'rad' },
      ],
    });
    expect(ids(buildModel(angles))).not.toContain('plot-path');
  });
  it('is not drawn where y is plotted elsewhere and x glides: the path is that plot with its time axis scaled (kozlov1988 §2)', () => {
    // x = t − 1 at one velocity, y pressed then flying: the path (x, y) is y(t) shifted.
    const line = { t, q: t.map((s) => [s - 1, Math.max(0, s - 1) ** 2 / 2]), qd: t.map((s) => [1, Math.max(0, s - 1)]), events: [] };
    const elsewhere = [{ coordinate: 1, section: 'rigid-limit', what: ['the gap'] }];
    const section = motionSection(buildModel(spec), { trajectory: line, method: 'test' }, undefined, elsewhere)!;
    expect(section.blocks.some((b) => b.kind === 'figure' && b.id === 'plot-path')).toBe(false);
    const said = section.blocks.flatMap((b) => (b.kind === 'paragraph' ? b.content : [])).filter((x) => typeof x === 'string');
    expect(said.join('')).toContain('the coordinates are not plotted against time again, nor the path in the plane, that plot with its time axis scaled.');
  });
});

describe('a coordinate the run holds at one value, as z of the point between two planes', () => {
  const spec = defineModel({
    name: 'motion-gap',
    title: 'Gap',
    coordinates: [
      { name: 'x', unit: 'm' },
      { name: 'z', unit: 'm' },
    ],
    kinetic: "(x'^2 + z'^2)/2",
  });
  // x = t + sin t; z = 0 throughout, up to the integrator's noise.
  const t = Array.from({ length: 21 }, (_, k) => k / 10);
  const trajectory = { t, q: t.map((s, k) => [s + Math.sin(s), k % 2 ? 1e-13 : 0]), qd: t.map((s) => [1 + Math.cos(s), 0]), events: [] };
  const blocks = motionSection(buildModel(spec), { trajectory, method: 'test' }, undefined)!.blocks;
  const figures = blocks.flatMap((b) => (b.kind === 'figure' ? [b] : []));

  it('plots x alone against time and in its phase portrait, draws no path, and says why in one line', () => {
    expect(figures.map((f) => f.id)).toEqual(['plot-coordinates', 'plot-velocities', 'plot-phase']);
    expect(figures.map((f) => f.legend.map((l) => l.label))).toEqual([['x'], ['\\dot{x}'], ['(x, \\dot{x})']]);
    expect(blocks[1]).toEqual({ kind: 'paragraph', content: ['The coordinate stays at ', { math: 'z = 0' }, ' over the run; the plots leave it out.'] });
  });
  it('leaves a velocity held at one value out of the velocity plots, as the released point’s x = 1 (kozlov1988 §2), and says so', () => {
    // x = 2t at one velocity, z = sin t: x is plotted, its flat velocity ẋ = 2 is not.
    const glide = { t, q: t.map((s) => [2 * s, Math.sin(s)]), qd: t.map((s) => [2, Math.cos(s)]), events: [] };
    const said = motionSection(buildModel(spec), { trajectory: glide, method: 'test' }, undefined)!.blocks;
    const plots = said.flatMap((b) => (b.kind === 'figure' ? [b] : []));
    expect(plots.find((f) => f.id === 'plot-coordinates')!.legend.map((l) => l.label)).toEqual(['x', 'z']);
    expect(plots.find((f) => f.id === 'plot-velocities')!.legend.map((l) => l.label)).toEqual(['\\dot{z}']);
    expect(said).toContainEqual({
      kind: 'paragraph',
      content: ['The velocity stays at ', { math: '\\dot{x} = 2' }, ' over the run; the plots of the velocities leave it out.'],
    });
  });
  it('keeps a coordinate that moves by 1e-6 of its size', () => {
    const moved = { ...trajectory, q: t.map((s) => [s + Math.sin(s), 1e-6 * s]) };
    const ids = motionSection(buildModel(spec), { trajectory: moved, method: 'test' }, undefined)!.blocks.map((b) => (b.kind === 'figure' ? b.id : ''));
    expect(ids).toContain('plot-path');
  });
});

describe('coordinates the model file leaves out, as the pendulum’s pinned centre x = l cos φ, y = l sin φ (smirnov1981 §2)', () => {
  const spec = defineModel({
    name: 'motion-pinned',
    title: 'Pinned',
    coordinates: [
      { name: 'x', unit: 'm' },
      { name: 'y', unit: 'm' },
      { name: 'phi', unit: 'rad' },
    ],
    kinetic: "(x'^2 + y'^2 + phi'^2)/2",
    drawing: { points: { C: ['y', '-x'] } },
    unplotted: { names: ['x', 'y'], why: 'the pin holds them at $x = \\cos\\varphi$, $y = \\sin\\varphi$' },
  });
  const model = buildModel(spec);
  // φ = sin t swings, the centre on the unit circle at φ.
  const t = Array.from({ length: 21 }, (_, k) => k / 10);
  const phi = t.map(Math.sin);
  const trajectory = {
    t,
    q: phi.map((p) => [Math.cos(p), Math.sin(p), p]),
    qd: t.map((s, k) => [-Math.sin(phi[k]!) * Math.cos(s), Math.cos(phi[k]!) * Math.cos(s), Math.cos(s)]),
    events: [],
  };
  const blocks = motionSection(model, { trajectory, method: 'test' }, modelDrawing(spec, model), [], { unplotted: spec.unplotted! })!.blocks;

  it('plots φ alone, against time and in its phase portrait, and says why the others are not plotted', () => {
    const figures = blocks.flatMap((b) => (b.kind === 'figure' && b.id !== 'animation' ? [b] : []));
    expect(figures.map((f) => f.legend.map((l) => l.label))).toEqual([['\\varphi'], ['\\dot{\\varphi}'], ['(\\varphi, \\dot{\\varphi})']]);
    expect(figures[0]!.caption[0]).toBe('The coordinate ');
    expect(blocks[1]).toEqual({
      kind: 'paragraph',
      content: [
        'The plots leave out ',
        { math: 'x' },
        ' and ',
        { math: 'y' },
        ': ',
        'the pin holds them at ',
        { math: 'x = \\cos\\varphi' },
        ', ',
        { math: 'y = \\sin\\varphi' },
        '.',
      ],
    });
  });
});

describe('a run of one constant acceleration, as the prism sliding in its guides (smirnov1981 §2)', () => {
  const spec = defineModel({
    name: 'motion-uniform',
    title: 'Uniform',
    coordinates: [
      { name: 'x', unit: 'm' },
      { name: 'z', unit: 'm' },
    ],
    kinetic: "(x'^2 + z'^2)/2",
  });
  // ẍ = 2 from ẋ = 1: x = t + t², ẋ = 1 + 2t; z = 0.
  const t = Array.from({ length: 21 }, (_, k) => k / 10);
  const trajectory = { t, q: t.map((s) => [s + s * s, 0]), qd: t.map((s) => [1 + 2 * s, 0]), events: [], energy: t.map((s) => (1 + 2 * s) ** 2 / 2) };
  const blocks = motionSection(buildModel(spec), { trajectory, method: 'test' }, undefined)!.blocks;

  it('states the acceleration and the end state in place of the plots, a parabola and straight lines', () => {
    expect(blocks.filter((b) => b.kind === 'figure')).toEqual([]);
    expect(blocks[1]).toEqual({ kind: 'paragraph', content: ['The coordinate stays at ', { math: 'z = 0' }, ' over the run.'] });
    const text = JSON.stringify(blocks[2]);
    expect(text).toContain('{"math":"\\\\ddot{x} = 2\\\\ \\\\mathrm{m}/\\\\mathrm{s}^{2}"}');
    expect(text).toContain('{"math":"5\\\\ \\\\mathrm{m}/\\\\mathrm{s}"}');
    expect(text).toContain('{"math":"6\\\\ \\\\mathrm{m}"}');
    expect(text).toContain('Its plots, a parabola and a straight line, are left out.');
  });
});

describe('coordinates of one unit and different ranges, as the compass walker’s hip x and y', () => {
  const spec = defineModel({
    name: 'motion-hip',
    title: 'Hip',
    coordinates: [
      { name: 'x', unit: 'm' },
      { name: 'y', unit: 'm' },
    ],
    kinetic: "(x'^2 + y'^2)/2",
  });
  // x runs over 3 m, y over 4 cm: y would draw flat beside x.
  const t = Array.from({ length: 41 }, (_, k) => k / 10);
  const trajectory = { t, q: t.map((s) => [s - 0.3, 0.98 + 0.02 * Math.sin(8 * s)]), qd: t.map((s) => [1, 0.16 * Math.cos(8 * s)]), events: [] };
  const figures = motionSection(buildModel(spec), { trajectory, method: 'test' }, undefined)!.blocks.filter((b) => b.kind === 'figure');

  it('names the coordinate each plot shows and the one drawn apart, no boilerplate about "those of another size"', () => {
    const coordinates = figures.filter((f) => f.id.startsWith('plot-coordinates')).map((f) => (f.kind === 'figure' ? f.caption : []));
    expect(coordinates).toHaveLength(2);
    expect(coordinates[0]!.slice(0, 2)).toEqual(['The coordinate ', { math: 'x' }]);
    expect(coordinates[0]).toContainEqual({ math: 'y' });
    expect(coordinates[1]!.slice(0, 2)).toEqual(['The coordinate ', { math: 'y' }]);
    expect(JSON.stringify(coordinates)).not.toContain('another size');
  });
});

describe('a rest that keeps sliding, and one that comes to rest', () => {
  const spec = defineModel({
    name: 'motion-slider',
    title: 'Slider',
    coordinates: [{ name: 'x', unit: 'm' }],
    parameters: { m: 1 },
    kinetic: "m*x'^2/2",
    initial: { q: { x: 0 } },
  });
  const model = buildModel(spec);
  const t = Array.from({ length: 101 }, (_, k) => k / 100);
  const sentence = (qd: (s: number) => number, events: { t: number; type: 'rest' | 'release'; qd?: number[]; contacts?: number[] }[]) => {
    const trajectory = { t, q: t.map(() => [0]), qd: t.map((s) => [qd(s)]), events };
    const section = motionSection(model, { trajectory, method: 'test' }, undefined)!;
    return JSON.stringify(section.blocks);
  };
  it('a contact that rests while the body still moves about it, and stops later, is no sliding contact (the falling rod)', () => {
    // At the accumulation the rod still swings down about its resting end (q̇ ≠ 0); it is at rest from t = 0.6 on.
    const text = sentence(
      (s) => (s < 0.6 ? 0.3 * (0.6 - s) : 0),
      [
        { t: 0.3, type: 'rest', qd: [0.3], contacts: [0] },
        { t: 0.6, type: 'rest', qd: [0], contacts: [0, 1] },
      ],
    );
    expect(text).toContain('2 rests');
    expect(text).not.toContain('sliding contact');
  });
  it('a contact sliding on at a speed that does not vanish until the end (kozlov1988 §3), counted as a sliding contact beside the rest', () => {
    const text = sentence(
      () => 0.5,
      [
        { t: 0.3, type: 'rest', qd: [0.5], contacts: [0] },
        { t: 0.5, type: 'release', qd: [0], contacts: [1] },
        { t: 0.6, type: 'rest', qd: [0.5], contacts: [1] },
        { t: 0.8, type: 'release', qd: [0], contacts: [1] },
      ],
    );
    expect(text).toContain('1 rest, 1 sliding contact');
    expect(text).toContain('at the sliding contact the impacts accumulate and the contact stays closed, the system sliding along the constraint');
  });
});

describe('the impacts’ modes, read from the events of a run', () => {
  const model = buildModel(corner);
  const still = { t: [0, 1], q: [model.initial.q0, model.initial.q0], qd: [model.initial.qd0, model.initial.qd0] };
  const said = (events: ReportTrajectory['events']) =>
    JSON.stringify(motionSection(model, { trajectory: { ...still, events }, method: 'test', modes: runImpactModes(events) }, undefined)!.blocks);

  it('says the closed floor stays at the wall’s impact when it is not released at that instant, and leaves when it is', () => {
    const floorClosed = { t: 0, type: 'contact' as const, contacts: [1] };
    const stays = said([floorClosed, { t: 0.5, type: 'impact' as const, contacts: [0] }]);
    expect(stays).toContain('"at ",{"math":"t = 0.5"}," wall strikes"," and floor stays","."');
    const leaves = said([floorClosed, { t: 0.5, type: 'impact' as const, contacts: [0] }, { t: 0.5, type: 'release' as const, contacts: [1] }]);
    expect(leaves).toContain('"at ",{"math":"t = 0.5"}," wall strikes"," and floor leaves","."');
    // A contact already released is not closed at the impact: nothing to say.
    expect(said([floorClosed, { t: 0.2, type: 'release' as const, contacts: [1] }, { t: 0.5, type: 'impact' as const, contacts: [0] }])).not.toContain('modes');
  });
});
