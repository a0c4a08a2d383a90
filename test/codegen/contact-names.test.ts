// The contacts' names in the C and Python modules (target.ts dataDecls):
// `<model>_contacts` (C, with `<MODEL>_N_GAPS` entries) and `CONTACTS`
// (Python, a tuple) name the contacts in the order of gaps, impulses and
// every per-contact array, as the TypeScript module's model.unilateral
// does; a model without contacts has neither.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cPrefix, generateC } from '../../src/codegen/print-c.js';
import { generatePython } from '../../src/codegen/print-python.js';
import { derived, loadExamples } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { HAVE_GCC, HAVE_NUMPY, IN_CI, INSTALL } from '../helpers/targets.js';

if ((!HAVE_GCC || !HAVE_NUMPY) && !IN_CI) console.warn(`gcc or python3 with NumPy not found: the contacts' names are checked in the texts only; ${INSTALL}.`);

const MODELS = ['bouncing-ball', 'compass', 'rimless-wheel', 'simple-pendulum'];
const examples = (await loadExamples()).filter((ex) => MODELS.includes(ex.spec.name));
const dir = mkdtempSync(join(tmpdir(), 'mechanics-contact-names-'));

describe('the C and Python modules name their contacts as the TypeScript module does', () => {
  it.each(examples.map((ex) => [ex.spec.name, ex] as const))('%s', async (name, ex) => {
    const sys = derived(ex.spec);
    const expected = (await loadGenerated(sys)).model.unilateral.map((u) => u.name);
    const c = generateC(sys, ex.source);
    const py = generatePython(sys, ex.source);
    const prefix = cPrefix(sys.model.name);
    if (expected.length === 0) {
      expect(c.header.text).not.toContain(`${prefix}_contacts`);
      expect(py.text).not.toMatch(/^CONTACTS\b/m);
      return;
    }
    expect(c.header.text).toContain(`extern const char *const ${prefix}_contacts[${expected.length}];`);
    if (HAVE_GCC || IN_CI) {
      for (const f of [c.header, c.source]) writeFileSync(join(dir, f.fileName), f.text);
      const main = join(dir, `${name}-names.c`);
      writeFileSync(
        main,
        [
          '#include <stdio.h>',
          `#include "${c.header.fileName}"`,
          `int main(void) { for (int j = 0; j < ${prefix.toUpperCase()}_N_GAPS; j++) printf("%s\\n", ${prefix}_contacts[j]); return 0; }`,
          '',
        ].join('\n'),
      );
      const exe = join(dir, `${name}-names`);
      execFileSync('gcc', ['-std=c99', '-O0', '-I', dir, main, join(dir, c.source.fileName), '-lm', '-o', exe], { stdio: 'pipe' });
      expect(execFileSync(exe, { encoding: 'utf8' }).trim().split('\n')).toEqual(expected);
    }
    if (HAVE_NUMPY || IN_CI) {
      const file = join(dir, py.fileName);
      writeFileSync(file, py.text);
      const script = [
        'import importlib.util, json, sys',
        'spec = importlib.util.spec_from_file_location("model", sys.argv[1])',
        'm = importlib.util.module_from_spec(spec)',
        'spec.loader.exec_module(m)',
        'print(json.dumps([type(m.CONTACTS).__name__, list(m.CONTACTS), m.N_GAPS]))',
      ].join('\n');
      expect(JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }))).toEqual(['tuple', expected, expected.length]);
    }
  });
});
