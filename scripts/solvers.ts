// `npm run solvers` (run first by `npm run derive`): writes the files of
// src/numeric that are printed from the IR builders of src/codegen/solvers/,
// before tsc compiles them, so that the runtime imports the algorithm the
// generated modules carry. Bundled by esbuild from source, so it needs no
// build of its own. test/codegen/solvers/sources.test.ts fails when a
// committed file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IR_NUMERIC, type IrNumericFile, numericSource } from '../src/codegen/solvers/sources.js';

/** The repository (this file is scripts/solvers.ts, or its bundle dist/solvers.mjs). */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

for (const file of Object.keys(IR_NUMERIC) as IrNumericFile[]) {
  const path = `${ROOT}src/numeric/${file}`;
  const text = numericSource(file);
  if (readFileSync(path, 'utf8') === text) continue;
  writeFileSync(path, text);
  console.log(`wrote src/numeric/${file}`);
}
