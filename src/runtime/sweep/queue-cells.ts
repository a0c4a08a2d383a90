// A chunk's cells as the queue stores them (one field of the sweep's hash,
// queue-store.ts): in columns rather than as objects. V8's serializer
// writes an object's property names with each object and reads them back
// one by one: 100 cells of the bouncing ball were 12.8 kB, 0.12 ms to
// write and 0.37 ms to read. Here each distinct list of names (the axes',
// the values', whether the cell failed) is written once, every number of
// every cell goes into one Float64Array (-0, NaN and +-Infinity come back
// as they went), a byte per slot says whether it holds a number, false,
// true or null, and anything else (strings, a failed cell's code and
// message) goes in a list of its own. The two arrays go into the value as
// raw bytes (in the machine's byte order: the submitter and its workers
// must share it, as all but s390x do), after a head of two counts; only
// the names and that list go through V8's serializer. A cell's shape is
// checked against the last one's without making arrays of its names. Each
// process writes or reads a sweep's chunks once, mostly before V8 has
// optimized this code: 150 chunks of 100 cells of the ball, each time in a
// fresh process, were written in 1.4 us a cell against 2.5 with all of it
// through V8's serializer, and read in 1.55 against 2.8 (8 runs each).
// Tests: test/runtime/sweep/queue-cells.test.ts

import { deserialize, serialize } from 'node:v8';
import type { SweepCell, SweepValue } from './sweep-cell.js';

/** The names of a cell's axes and values, and whether it failed. */
type Shape = [at: string[], values: string[], failed: boolean];

/** What a slot holds: its number, false, true, null, or the next of the other values. */
const NUMBER = 0;
const FALSE = 1;
const TRUE = 2;
const NULL = 3;
const OTHER = 4;

/** The value's head: the slots (u32), the length of the serialized names and other values (u32). */
const HEAD = 8;

/** Whether the object's keys are the names, in their order, without making an array of them (every cell is checked). */
function hasKeys(o: object, names: readonly string[]): boolean {
  let i = 0;
  for (const k in o) if (k !== names[i++]) return false;
  return i === names.length;
}

const fits = (s: Shape, cell: SweepCell): boolean => s[2] === (cell.error !== undefined) && hasKeys(cell.at, s[0]) && hasKeys(cell.values, s[1]);

const sameNames = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** The number of the cell's shape in `shapes`, added if new. */
function shapeOf(shapes: Shape[], cell: SweepCell): number {
  const at = Object.keys(cell.at);
  const values = Object.keys(cell.values);
  const failed = cell.error !== undefined;
  const found = shapes.findIndex((s) => s[2] === failed && sameNames(s[0], at) && sameNames(s[1], values));
  return found >= 0 ? found : shapes.push([at, values, failed]) - 1;
}

/** Slot n of the columns: the value's kind, and the value itself in `numbers` (a number) or `others` (a string). */
function put(numbers: Float64Array, kinds: Uint8Array, others: unknown[], n: number, v: SweepValue | undefined): void {
  if (typeof v === 'number') numbers[n] = v;
  else if (v === null) kinds[n] = NULL;
  else if (typeof v === 'boolean') kinds[n] = v ? TRUE : FALSE;
  else {
    kinds[n] = OTHER;
    others.push(v);
  }
}

export function encodeCells(cells: readonly SweepCell[]): Buffer {
  const shapes: Shape[] = [];
  // Each cell's shape, and the slots they take (its index, its shape's number, its axes' values, its values).
  const shapeNumbers = new Uint32Array(cells.length);
  let slots = 0;
  let last = -1;
  for (let c = 0; c < cells.length; c++) {
    const cell = cells[c]!;
    // Cells of a chunk mostly share one shape: the previous cell's is tried first.
    if (last < 0 || !fits(shapes[last]!, cell)) last = shapeOf(shapes, cell);
    shapeNumbers[c] = last;
    slots += 2 + shapes[last]![0].length + shapes[last]![1].length;
  }
  const numbers = new Float64Array(slots);
  const kinds = new Uint8Array(slots);
  const others: unknown[] = [];
  let n = 0;
  for (let c = 0; c < cells.length; c++) {
    const cell = cells[c]!;
    const shape = shapes[shapeNumbers[c]!]!;
    const atNames = shape[0];
    const valueNames = shape[1];
    numbers[n++] = cell.index;
    numbers[n++] = shapeNumbers[c]!;
    for (let j = 0; j < atNames.length; j++) put(numbers, kinds, others, n++, cell.at[atNames[j]!]);
    for (let j = 0; j < valueNames.length; j++) put(numbers, kinds, others, n++, cell.values[valueNames[j]!]);
    if (cell.error) others.push(cell.error.code, cell.error.message);
  }
  const rest = serialize([shapes, others]);
  const out = Buffer.allocUnsafe(HEAD + 9 * slots + rest.length);
  out.writeUInt32LE(slots, 0);
  out.writeUInt32LE(rest.length, 4);
  out.set(new Uint8Array(numbers.buffer), HEAD);
  out.set(kinds, HEAD + 8 * slots);
  out.set(rest, HEAD + 9 * slots);
  return out;
}

export function decodeCells(data: Buffer): SweepCell[] {
  const slots = data.readUInt32LE(0);
  const from = data.byteOffset + HEAD;
  // A Float64Array starts at a multiple of 8 bytes: a value read from Redis is a slice of the reply, copied unless it does.
  const numbers = from % 8 === 0 ? new Float64Array(data.buffer, from, slots) : new Float64Array(data.buffer.slice(from, from + 8 * slots));
  const kinds = data.subarray(HEAD + 8 * slots, HEAD + 9 * slots);
  const [shapes, others] = deserialize(data.subarray(HEAD + 9 * slots, HEAD + 9 * slots + data.readUInt32LE(4))) as [Shape[], unknown[]];
  let o = 0;
  const cells: SweepCell[] = [];
  // The kind read inline in both loops: a call per value, or one loop for both lists, took a third longer
  // (the submitter reads each chunk once, mostly before V8 optimizes this).
  for (let i = 0; i < slots; ) {
    const index = numbers[i++]!;
    // Not destructured: an array's destructuring goes through its iterator, slow in code V8 has not optimized.
    const shape = shapes[numbers[i++]!]!;
    const atNames = shape[0];
    const valueNames = shape[1];
    const at: Record<string, number> = {};
    for (let j = 0; j < atNames.length; j++, i++) {
      const kind = kinds[i];
      at[atNames[j]!] = (kind === NUMBER ? numbers[i]! : kind === NULL ? null : kind === OTHER ? others[o++] : kind === TRUE) as number;
    }
    const values: Record<string, SweepValue> = {};
    for (let j = 0; j < valueNames.length; j++, i++) {
      const kind = kinds[i];
      values[valueNames[j]!] = kind === NUMBER ? numbers[i]! : kind === NULL ? null : kind === OTHER ? (others[o++] as SweepValue) : kind === TRUE;
    }
    cells.push(shape[2] ? { index, at, values, error: { code: others[o++] as string, message: others[o++] as string } } : { index, at, values });
  }
  return cells;
}
