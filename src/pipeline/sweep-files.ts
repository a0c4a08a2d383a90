// A sweep's result as the files `mechanics sweep` writes (JSON, CSV: one
// table, one row per cell, byte for byte the same whether the cells ran on
// local worker threads or on a Redis queue), and the worker script the
// local pool runs. The CLI, the bench and the tests take them from here.
// Tests: test/cli/sweep.test.ts (JSON, CSV), test/runtime/sweep/sweep.test.ts (the worker script).
import { buildSync } from 'esbuild';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SweepResult } from '../runtime/sweep/sweep.js';
import type { SweepValue } from '../runtime/sweep/sweep-cell.js';

/**
 * The worker script when running from TypeScript sources (tests, a checkout
 * without a build): sweep-worker.ts bundled by esbuild into one ES module,
 * handed to the pool as a data: URL. From the built package the runtime's
 * own sweep-worker.js is used (nothing to give).
 */
let bundled: string | undefined;
export function sweepWorkerScript(): string | undefined {
  if (existsSync(fileURLToPath(new URL('../runtime/sweep/sweep-worker.js', import.meta.url)))) return undefined;
  bundled ??= `data:text/javascript;base64,${Buffer.from(
    buildSync({
      entryPoints: [fileURLToPath(new URL('../runtime/sweep/sweep-worker.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    }).outputFiles[0]!.text,
  ).toString('base64')}`;
  return bundled;
}

/** The sweep as a table: the axes, then every value any cell has (in order of first appearance), then the error. */
export function sweepTable(result: SweepResult): { readonly columns: string[]; readonly rows: SweepValue[][] } {
  const axes = result.axes.map((a) => a.name);
  const keys: string[] = [];
  for (const c of result.cells) for (const k of Object.keys(c.values)) if (!keys.includes(k) && !axes.includes(k)) keys.push(k);
  const columns = [...axes, ...keys, 'error'];
  const rows = result.cells.map((c) => [
    ...axes.map((a) => c.at[a]!),
    ...keys.map((k) => c.values[k] ?? null),
    c.error ? `${c.error.code}: ${c.error.message}` : null,
  ]);
  return { columns, rows };
}

/** JSON: { model, axes, cells: [{ axis…, value…, error }] }, every cell with every column (null where it has none). */
export function sweepJson(result: SweepResult): string {
  const { columns, rows } = sweepTable(result);
  const cells = rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]!])));
  return `${JSON.stringify({ model: result.model, axes: result.axes, cells })}\n`;
}

/** CSV: a header of the columns, one row per cell; numbers as JavaScript prints them (they read back exactly), null as an empty field. */
export function sweepCsv(result: SweepResult): string {
  const { columns, rows } = sweepTable(result);
  const field = (v: SweepValue): string => {
    const text = v === null ? '' : String(v);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${[columns, ...rows].map((r) => r.map(field).join(',')).join('\n')}\n`;
}
