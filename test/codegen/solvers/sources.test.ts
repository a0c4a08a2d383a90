// The files of src/numeric printed from IR builders: each committed file is
// what `npm run solvers` prints now, and a generated module carries the
// same functions, only not exported.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printModule } from '../../../src/codegen/print.js';
import { embeddedDecls, IR_NUMERIC, type IrNumericFile, numericSource } from '../../../src/codegen/solvers/sources.js';
import { ROOT } from '../../helpers/examples.js';

const files = Object.keys(IR_NUMERIC) as IrNumericFile[];

describe('src/numeric: stale build output', () => {
  it.each(files)('%s is what its builder prints now (run npm run solvers after changing it)', (file) => {
    const committed = readFileSync(join(ROOT, 'src/numeric', file), 'utf8');
    expect(committed === numericSource(file), `src/numeric/${file} is stale: run \`npm run solvers\` and commit it`).toBe(true);
  });

  it.each(files)('%s says which file to edit', (file) => {
    expect(numericSource(file).split('\n')[0]).toBe(`// Printed from ${IR_NUMERIC[file].builder} by \`npm run solvers\`: edit that file, not this one.`);
  });
});

describe('generated modules carry the same functions', () => {
  it.each(files)('%s: each declaration as printed into a module is the exported one without `export`', (file) => {
    const numeric = numericSource(file);
    const decls = embeddedDecls(file);
    expect(decls.length).toBe(IR_NUMERIC[file].ir.decls.length);
    for (const d of decls) {
      const text = printModule({ header: [], decls: [d] }).trim();
      expect(text).toMatch(/^(function|interface|type) \w+/m);
      expect(text).not.toMatch(/^export /m);
      expect(numeric).toContain(text.replace(/^(function|interface|type) /m, 'export $1 '));
    }
  });
});
