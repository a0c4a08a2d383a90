// A chunk's cells as the queue stores them (one field of the sweep's hash,
// queue-store.ts): in columns rather than as objects. V8's serializer
// writes an object's property names with each object and reads them back
// one by one: 100 cells of the bouncing ball were 12.8 kB, 0.12 ms to
// write and 0.37 ms to read, the reading the submitter's largest part of a
// chunk's cost. Here each distinct list of names (the axes', the values',
// whether the cell failed) is written once, every number of every cell
// goes into one Float64Array (−0, NaN and ±Infinity come back as they
// went), a byte per number says whether it is a number, false or true, and
// anything else (strings, null, a failed cell's code and message) goes in
// a list of its own: 8.3 kB, written in about the same time, read in a
// fifth to a sixth of it (measured side by side, three runs).
// Tests: test/runtime/sweep/queue-cells.test.ts

import { deserialize, serialize } from 'node:v8';
import type { SweepCell, SweepValue } from './sweep-cell.js';

/** The names of a cell's axes and values, and whether it failed. */
type Shape = [at: string[], values: string[], failed: boolean];

interface Columns {
  readonly shapes: Shape[];
  /** Per cell: its index, its shape's number, its axis values, its values (0 where the value is not a number). */
  readonly numbers: Float64Array;
  /** Per slot of `numbers`: NUMBER, FALSE, TRUE, or OTHER (the value is the next of `others`). */
  readonly kinds: Uint8Array;
  /** The values that are neither numbers nor booleans, then a failed cell's code and message, in order. */
  readonly others: unknown[];
}

const NUMBER = 0;
const FALSE = 1;
const TRUE = 2;
const OTHER = 3;

const sameNames = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
const fits = (s: Shape, at: readonly string[], values: readonly string[], failed: boolean): boolean =>
  s[2] === failed && sameNames(s[0], at) && sameNames(s[1], values);

export function encodeCells(cells: readonly SweepCell[]): Buffer {
  const shapes: Shape[] = [];
  let numbers = new Float64Array(16 * cells.length);
  let kinds = new Uint8Array(numbers.length);
  let n = 0;
  const others: unknown[] = [];
  const put = (v: SweepValue): void => {
    if (n === numbers.length) {
      const grown = new Float64Array(2 * n + 16);
      grown.set(numbers);
      numbers = grown;
      const grownKinds = new Uint8Array(grown.length);
      grownKinds.set(kinds);
      kinds = grownKinds;
    }
    if (typeof v === 'number') numbers[n] = v;
    else if (typeof v === 'boolean') kinds[n] = v ? TRUE : FALSE;
    else {
      kinds[n] = OTHER;
      others.push(v);
    }
    n++;
  };
  let last = -1;
  for (const cell of cells) {
    const at = Object.keys(cell.at);
    const values = Object.keys(cell.values);
    const failed = cell.error !== undefined;
    // Cells of a chunk mostly share one shape: the previous cell's is tried first.
    let shape = last >= 0 && fits(shapes[last]!, at, values, failed) ? last : shapes.findIndex((s) => fits(s, at, values, failed));
    if (shape < 0) shape = shapes.push([at, values, failed]) - 1;
    last = shape;
    put(cell.index);
    put(shape);
    for (const k of at) put(cell.at[k]!);
    for (const k of values) put(cell.values[k]!);
    if (cell.error) others.push(cell.error.code, cell.error.message);
  }
  return serialize({ shapes, numbers: numbers.subarray(0, n), kinds: kinds.subarray(0, n), others } satisfies Columns);
}

export function decodeCells(data: Buffer): SweepCell[] {
  const { shapes, numbers, kinds, others } = deserialize(data) as Columns;
  const cells: SweepCell[] = [];
  let i = 0;
  let o = 0;
  const next = (): SweepValue => {
    const kind = kinds[i];
    const n = numbers[i++]!;
    return kind === NUMBER ? n : kind === OTHER ? (others[o++] as SweepValue) : kind === TRUE;
  };
  while (i < numbers.length) {
    const index = next() as number;
    const [atNames, valueNames, failed] = shapes[next() as number]!;
    const at: Record<string, number> = {};
    for (const k of atNames) at[k] = next() as number;
    const values: Record<string, SweepValue> = {};
    for (const k of valueNames) values[k] = next();
    cells.push(failed ? { index, at, values, error: { code: others[o++] as string, message: others[o++] as string } } : { index, at, values });
  }
  return cells;
}
