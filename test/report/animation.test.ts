// The animation's frames: sampled from the trajectory, in the sketch's
// pixels, and rigid where the model is (a pendulum's rod keeps its length).
import { describe, expect, it } from 'vitest';
import { buildModel, defineModel } from '../../src/model/index.js';
import { animationHtml, frameSamples, MAX_FRAMES } from '../../src/report/animation.js';
import { modelDrawing } from '../../src/report/sketch.js';

describe('frameSamples', () => {
  it('keeps every sample up to the cap, else evenly spaced ones with the first and the last', () => {
    expect(frameSamples(5)).toEqual([0, 1, 2, 3, 4]);
    const s = frameSamples(401);
    expect(s).toHaveLength(MAX_FRAMES);
    expect(s[0]).toBe(0);
    expect(s[s.length - 1]).toBe(400);
    expect(s.every((v, i) => i === 0 || v > s[i - 1]!)).toBe(true);
  });
});

describe('animationHtml of a pendulum', () => {
  const spec = defineModel({
    name: 'anim-pendulum',
    coordinates: ['theta'],
    parameters: { m: 1, l: 1.5, g: 9.81 },
    kinetic: "m*l^2*theta'^2/2",
    potential: '-m*g*l*cos(theta)',
    drawing: { points: { O: [0, 0], bob: ['l*sin(theta)', '-l*cos(theta)'] }, segments: [['O', 'bob']] },
  });
  const model = buildModel(spec);
  const drawing = modelDrawing(spec, model)!;
  // A swing θ(t) = cos t sampled at 401 points.
  const t = Array.from({ length: 401 }, (_, k) => k / 40);
  const html = animationHtml({ id: 'animation', title: 'swing', drawing, model, t, q: t.map((s) => [Math.cos(s)]) });
  const frames = JSON.parse(/<script type="application\/json" class="frames">(.*?)<\/script>/.exec(html)![1]!) as { t: number[]; xy: number[][] };

  it('has play/pause, a slider over the frames and the player, with no external request', () => {
    expect(html).toContain('<button type="button">Play</button>');
    expect(html).toContain(`<input type="range" min="0" max="${MAX_FRAMES - 1}"`);
    expect(html).not.toMatch(/src=|href=/);
  });

  it('holds one pose per frame at the sampled times, the pivot fixed and the rod of constant length', () => {
    expect(frames.t).toHaveLength(MAX_FRAMES);
    expect(frames.t[frames.t.length - 1]).toBe(10);
    const lengths = frames.xy.map(([ox, oy, bx, by]) => Math.hypot(bx! - ox!, by! - oy!));
    for (const f of frames.xy) expect([f[0], f[1]]).toEqual([frames.xy[0]![0], frames.xy[0]![1]]);
    // Pixels to 0.1: the length varies by rounding only.
    for (const L of lengths) expect(Math.abs(L - lengths[0]!)).toBeLessThan(0.15);
  });

  it('draws the first frame in the sketch (the bob where frame 0 puts it)', () => {
    const [, , bx, by] = frames.xy[0]!;
    expect(html).toContain(`<circle class="point" data-p="1" cx="${bx!.toFixed(1)}" cy="${by!.toFixed(1)}"`);
  });
});
