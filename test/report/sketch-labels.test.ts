// The names of a still sketch's points placed apart (src/report/sketch-labels.ts):
// points at one place share a name, and a name is moved off another label or
// off a place where it reads as another point's.
import { describe, expect, it } from 'vitest';
import type { SceneItem, SceneText } from '../../src/report/scene.js';
import { placedNames } from '../../src/report/sketch-labels.js';

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
  it('leaves items without names as they are', () => {
    const line: SceneItem = { kind: 'line', cls: 'bar', x1: 0, y1: 0, x2: 1, y2: 1, stroke: '#000', width: 1 };
    expect(placedNames([line])).toEqual([line]);
  });
});
