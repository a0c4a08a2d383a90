// Solver source for generated modules, taken from src/numeric at codegen
// time, for the solvers still written there by hand (impact-mode
// enumeration; the others are IR, src/codegen/solvers/). They are tested
// directly and imported by the runtime; a generated module imports nothing,
// so it carries a copy of the functions it calls. Each is a top-level
// `export function name(…) {` block ending at a column-0 `}`, with its doc
// comment above it; the copy drops `export`.
//
// The files are found relative to this module: src/codegen/embed.ts when run
// from source (vitest), dist/src/codegen/embed.js when compiled, and the
// same layout inside an installed package, whose `files` ship src/numeric.
// Tests: test/codegen/embed.test.ts, test/codegen/embed-installed.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CANDIDATES = ['../numeric/', '../../../src/numeric/'].map((rel) => new URL(rel, import.meta.url));

let numericDir: URL | undefined;

function numericFile(file: string): string {
  numericDir ??= CANDIDATES.find((dir) => existsSync(fileURLToPath(new URL(file, dir))));
  if (!numericDir)
    throw new Error(`internal: src/numeric/${file} not found next to ${fileURLToPath(import.meta.url)} (is src/numeric shipped with the package?)`);
  return readFileSync(fileURLToPath(new URL(file, numericDir)), 'utf8');
}

const cache = new Map<string, string>();

/**
 * The source of `export function name` (or `export type`/`interface`) in
 * src/numeric/<file>, with the comment lines directly above it and without
 * `export`.
 */
export function embeddedSource(file: string, name: string): string {
  const key = `${file}#${name}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const lines = numericFile(file).split('\n');
  const start = lines.findIndex((l) => new RegExp(`^export (function|type|interface) ${name}\\b`).test(l));
  if (start < 0) throw new Error(`internal: src/numeric/${file} has no top-level export '${name}'`);
  let first = start;
  while (first > 0 && /^(\/\*\*|\/\/| \*)/.test(lines[first - 1]!)) first--;
  let last = start;
  if (!lines[start]!.trimEnd().endsWith(';')) {
    while (last < lines.length && !/^};?$/.test(lines[last]!)) last++;
    if (last === lines.length) throw new Error(`internal: src/numeric/${file}: '${name}' does not end with a column-0 '}'`);
  }
  const source = [...lines.slice(first, start), lines[start]!.replace(/^export /, ''), ...lines.slice(start + 1, last + 1)].join('\n');
  cache.set(key, source);
  return source;
}
