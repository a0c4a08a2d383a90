// The names of a still sketch's points placed apart (src/report/sketch-labels.ts):
// points at one place share a name, and a name is moved off another label or
// off a place where it reads as another point's.
import { describe, expect, it } from 'vitest';
import type { SceneItem, SceneText } from '../../src/report/scene.js';
import { placedNames, segmentMeetsBox } from '../../src/report/sketch-labels.js';

/** A point's name where bodyItems writes it, (+7, −6) from the point. */
const name = (text: string, x: number, y: number): SceneText => ({ kind: 'text', cls: 'name', x: x + 7, y: y - 6, text, anchor: 'start', size: 12 });
const texts = (items: readonly SceneItem[]): SceneText[] => items.filter((i): i is SceneText => i.kind === 'text');

describe('the names of a sketch’s points', () => {
  it('two points at one place (the side view of pairs 3 and 4) get one name, "3, 4", at the first corner', () => {
    const out = texts(placedNames([name('3', 100, 50), name('4', 100, 50), name('5', 200, 50)]));
    expect(out.map((t) => [t.text, t.x, t.y])).toEqual([
      ['3, 4', 107, 44],
      ['5', 207, 44],
    ]);
  });
  it('a name that would cover another label (an angle’s ψ) moves to the next free corner, below its point', () => {
    const psi: SceneText = { kind: 'text', cls: 'angle-name', x: 110, y: 42, text: 'ψ', anchor: 'start', size: 12 };
    const out = texts(placedNames([psi, name('1', 100, 50)]));
    expect(out.map((t) => [t.text, t.x, t.y, t.anchor])).toEqual([
      ['ψ', 110, 42, 'start'],
      ['1', 107, 64, 'start'],
    ]);
  });
  it('a name nearer another point than its own moves to a corner where it reads as its own (the prism’s 4 below 1′, seen from above)', () => {
    // 4 at (100, 70) and 1′ 16 px above it: up and right of 4, its name is nearer 1′; below and right it is 4’s.
    const out = texts(placedNames([name('1′', 100, 54), name('4', 100, 70)]));
    expect(out.map((t) => [t.text, t.x, t.y])).toEqual([
      ['1′', 107, 48],
      ['4', 107, 84],
    ]);
  });
  it('a name above a guide’s face, over its hatches (the prism’s 1′ on y = +w), moves below the face, clear of them', () => {
    // The face y = 50 px, its hatches every 10 px up into the solid, 7 px long, as groundItems draws them.
    const face: SceneItem = { kind: 'line', cls: 'ground', x1: 0, y1: 50, x2: 300, y2: 50, stroke: '#666', width: 1.5 };
    const hatches = Array.from(
      { length: 30 },
      (_, k): SceneItem => ({ kind: 'line', cls: 'hatch', x1: 5 + 10 * k, y1: 50, x2: 1 + 10 * k, y2: 43, stroke: '#666', width: 0.8 }),
    );
    const out = texts(placedNames([face, ...hatches, name('1′', 100, 50)]));
    expect(out.map((t) => [t.text, t.x, t.y])).toEqual([['1′', 107, 64]]);
  });
  it('a name on a face with another point close above it goes past the face’s hatches, where no other point is near', () => {
    // Pair 1 on the lower face y = 160 px (hatched below), pair 3 projected 10 px above it, as the prism seen from above:
    // beside or above 1 its name reads as 3's; below, past the hatches, it is 1's alone.
    const face: SceneItem = { kind: 'line', cls: 'ground', x1: 0, y1: 160, x2: 300, y2: 160, stroke: '#666', width: 1.5 };
    const hatches = Array.from(
      { length: 30 },
      (_, k): SceneItem => ({ kind: 'line', cls: 'hatch', x1: 5 + 10 * k, y1: 160, x2: 1 + 10 * k, y2: 167, stroke: '#666', width: 0.8 }),
    );
    const out = texts(placedNames([face, ...hatches, name('3', 195, 150), name('1', 195, 160)]));
    expect(out.find((t) => t.text === '1')).toMatchObject({ x: 202, y: 184, anchor: 'start' });
  });
  it('a name beside a curved wall (the billiard’s P, 11 px inside it) moves to the side away from it', () => {
    // The wall x = 240 px near P at (228, 100), drawn as a surface polyline, a NaN pair breaking it.
    const wall: SceneItem = {
      kind: 'polyline',
      cls: 'surface',
      points: [240, 0, 240, 150, Number.NaN, Number.NaN, 240, 160, 240, 300],
      stroke: '#666',
      width: 1.5,
    };
    const out = texts(placedNames([wall, name('P', 228, 100)]));
    expect(out.find((t) => t.text === 'P')).toMatchObject({ x: 221, y: 94, anchor: 'end' });
  });
  it('a segment crosses a box when any part of it lies inside, not when it passes beside it', () => {
    const b = { x0: 0, y0: 0, x1: 10, y1: 10 };
    expect(segmentMeetsBox(b, { x1: -5, y1: 5, x2: 15, y2: 5 })).toBe(true);
    expect(segmentMeetsBox(b, { x1: 2, y1: 2, x2: 3, y2: 3 })).toBe(true);
    expect(segmentMeetsBox(b, { x1: -5, y1: 9, x2: 9, y2: -5 })).toBe(true);
    expect(segmentMeetsBox(b, { x1: -5, y1: 6, x2: 6, y2: -5 })).toBe(true);
    expect(segmentMeetsBox(b, { x1: -5, y1: 4, x2: 4, y2: -5 })).toBe(false);
    expect(segmentMeetsBox(b, { x1: 11, y1: -5, x2: 11, y2: 15 })).toBe(false);
  });
  it('leaves items without names as they are', () => {
    const line: SceneItem = { kind: 'line', cls: 'bar', x1: 0, y1: 0, x2: 1, y2: 1, stroke: '#000', width: 1 };
    expect(placedNames([line])).toEqual([line]);
  });
});
