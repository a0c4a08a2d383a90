// A chunk's cells as the queue stores them come back as they went: every
// kind of value a classifier may give (numbers with −0, NaN and ±Infinity,
// booleans, strings, null), cells of several shapes in one chunk, failed
// cells with their code and message, the names in their order; and the
// columns are smaller than V8's serializer's objects.
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { decodeCells, encodeCells } from '../../../src/runtime/sweep/queue-cells.js';
import type { SweepCell } from '../../../src/runtime/sweep/sweep-cell.js';

const ball = (index: number): SweepCell => ({
  index,
  at: { y: 0.2 + index / 100, e: 0.3 },
  values: { impacts: index, 'impacts floor': index, rest: index % 2 === 0, 'rest t': 0.75 + index, 'last impact t': 0.7 + index },
});

describe('a chunk of cells in columns', () => {
  it('gives back every value, its kind and its bits, and the names in their order', () => {
    const cells: SweepCell[] = [
      { index: 7, at: { y: -0, e: 0.5 }, values: { a: -0, b: Number.NaN, c: Number.POSITIVE_INFINITY, d: Number.NEGATIVE_INFINITY } },
      { index: 8, at: { y: 1, e: 0.5 }, values: { a: 1e-300, b: true, c: false, d: null } },
      { index: 9, at: { y: 2, e: 0.5 }, values: { label: 'period 2', n: 3 } },
      { index: 10, at: { y: 3, e: 0.5 }, values: {}, error: { code: 'max-steps', message: 'more than 100 steps before t = 2' } },
      { index: 11, at: { e: 0.5, y: 4 }, values: { n: 3, label: 'period 1' } },
    ];
    const back = decodeCells(encodeCells(cells));
    expect(back).toEqual(cells);
    expect(Object.is(back[0]!.at.y, -0)).toBe(true);
    expect(Object.is(back[0]!.values.a, -0)).toBe(true);
    expect(back[0]!.values.b).toBeNaN();
    expect(back.map((c) => [Object.keys(c.at), Object.keys(c.values)])).toEqual(cells.map((c) => [Object.keys(c.at), Object.keys(c.values)]));
    expect(back.map((c) => 'error' in c)).toEqual([false, false, false, true, false]);
  });

  it('reads a value at any byte offset, as a slice of a Redis reply is', () => {
    const cells = Array.from({ length: 5 }, (_, i) => ball(i));
    const columns = encodeCells(cells);
    for (const offset of [0, 1, 3, 8]) {
      const reply = Buffer.alloc(offset + columns.length + 5, 0xff);
      columns.copy(reply, offset);
      expect(decodeCells(reply.subarray(offset, offset + columns.length))).toEqual(cells);
    }
  });

  it('keeps no cells as no cells', () => {
    expect(decodeCells(encodeCells([]))).toEqual([]);
  });

  it('is smaller than the cells as objects (100 of the ball: 8.2 kB against 13.8 kB)', () => {
    const cells = Array.from({ length: 100 }, (_, i) => ball(i));
    const columns = encodeCells(cells);
    expect(decodeCells(columns)).toEqual(cells);
    expect(columns.length).toBeLessThan((serialize(cells).length * 2) / 3);
  });
});
