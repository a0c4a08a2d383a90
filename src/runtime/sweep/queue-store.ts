// What a queued sweep keeps in Redis, shared by the submitter
// (queue-submit.ts) and the workers (queue-worker.ts): the BullMQ queue of
// chunks, the signed spec of each sweep (the generated module's JavaScript
// and the run, stored once), and the cells done, a hash with one field per
// chunk, keyed by the chunk's number, so that a chunk run twice (a worker
// killed, its chunk retried) writes the same field again and never adds a
// cell. A chunk's cells are one value (queue-cells.ts: one field, one
// write for a chunk rather than one per cell). The cells' starts, and a
// grid carried once in its spec, go as values of V8's serializer: -0, NaN
// and ±Infinity come back as they went, so the results print byte for byte
// as a local sweep's.
// Tests: test/runtime/sweep/queue.test.ts

import { deserialize, serialize } from 'node:v8';
import type { Redis } from 'ioredis';
import { MechanicsError } from '../../errors.js';
import type { CellInput, SweepAxis, SweepBase, SweepRun } from './sweep-cell.js';
import type { QueueUrl } from './queue-auth.js';

/** The queue's name unless --queue-name says (several teams may share one Redis). */
export const DEFAULT_QUEUE_NAME = 'mechanics-sweep';

/** What every chunk of a sweep shares, signed once. */
export interface QueuedSpec {
  readonly id: string;
  readonly model: string;
  /** The generated module as JavaScript (an ES module without imports). */
  readonly source: string;
  readonly run: SweepRun;
  /** Cells to compute (those whose start failed stay with the submitter). */
  readonly cells: number;
  /** Cells per chunk: chunk k holds the cells to compute from the (k·chunk)th on (a resumed sweep must cut them alike). */
  readonly chunk: number;
  /** The grid (encodeGrid) when no start function makes the cells: the chunks then carry index ranges. */
  readonly grid?: string;
}

/** A sweep without a start function: its grid and base, from which a worker makes any cell's start (gridCells), as encodeGrid writes them. */
export interface QueuedGrid {
  readonly grid: readonly SweepAxis[];
  readonly base: SweepBase;
}

/**
 * One job: a contiguous run of cells of one sweep, either the cells as
 * encodeInputs writes them (each built by the sweep's start function), or,
 * when the spec carries the grid, the cells' indices from `from` up to `to`.
 */
export type QueuedChunk = { readonly sweep: string; readonly chunk: number } & ({ readonly cells: string } | { readonly from: number; readonly to: number });

export const specKey = (name: string, id: string): string => `mechanics:${name}:${id}:spec`;
/** The cells done: a hash from a chunk's number to its cells (encodeCells). */
export const cellsKey = (name: string, id: string): string => `mechanics:${name}:${id}:cells`;
/** A list the worker that writes a sweep's last chunk pushes the chunk's number onto: the submitter waits on it rather than polling. */
export const doneKey = (name: string, id: string): string => `mechanics:${name}:${id}:done`;
/**
 * A chunk's cells written, one command and one reply: the field set, then,
 * when the fields are as many as the sweep's chunks, the chunk's number
 * pushed onto the done list that wakes the submitter. Sent by EVAL with its
 * text, never by a digest that a Redis emptied of its scripts would refuse
 * (a client's retry with the text would go after the commands that follow
 * it on the connection).
 */
const WRITE_CELLS = `redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then redis.call('RPUSH', KEYS[2], ARGV[1]) end`;

/** Write chunk `chunk`'s cells (encodeCells, queue-cells.ts) into the sweep's hash, of `chunks` in all. */
export const writeCells = (connection: Redis, name: string, id: string, chunk: number, cells: Buffer, chunks: number): Promise<unknown> =>
  connection.eval(WRITE_CELLS, 2, cellsKey(name, id), doneKey(name, id), String(chunk), cells, String(chunks));

/** BullMQ forbids ':' in a job id. */
export const chunkJobId = (id: string, chunk: number): string => `${id}-${chunk}`;

/** How long the first connection may take before the queue is called unreachable. */
const CONNECT_MS = 10_000;

/**
 * A Redis connection as BullMQ needs it (no request is given up while the
 * server is away: ioredis reconnects). The first connection must succeed,
 * else queue-unreachable, rather than a submitter or worker waiting in silence.
 */
export async function connect(url: QueueUrl): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url.url, { maxRetriesPerRequest: null, lazyConnect: true, connectTimeout: CONNECT_MS });
  // Connection errors are ioredis's to retry; without a listener it would print each one. The
  // first is kept: connect() itself rejects with only 'Connection is closed'.
  let first: Error | undefined;
  client.on('error', (err: Error) => void (first ??= err));
  try {
    await client.connect();
    return client;
  } catch (err) {
    client.disconnect();
    throw new MechanicsError('queue-unreachable', 'input', `cannot reach the queue at ${url.shown}: ${(first ?? (err as Error)).message}`, { field: 'queue' });
  }
}

/** A chunk's cells as text for the signed JSON, serialized as the cells are: a start of −0 stays −0 (JSON would make it 0). */
export const encodeInputs = (cells: readonly CellInput[]): string => serialize(cells).toString('base64');
/** Only ever called on a payload whose signature checked. */
export const decodeInputs = (text: string): CellInput[] => deserialize(Buffer.from(text, 'base64')) as CellInput[];
/** A grid and base as text for the signed spec, serialized as the cells' starts are (an axis or base value of −0 stays −0). */
export const encodeGrid = (grid: QueuedGrid): string => serialize(grid).toString('base64');
/** Only ever called on a spec whose signature checked. */
export const decodeGrid = (text: string): QueuedGrid => deserialize(Buffer.from(text, 'base64')) as QueuedGrid;
