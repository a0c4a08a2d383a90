// The tests of one contact's mode are written once (solvers/mode-admissibility.ts):
// the C driver of a model with Coulomb friction (the falling rod) carries
// each function as the C printer prints that declaration, src/numeric carries
// it as the TypeScript printer prints the same declaration, and the runtime's
// mode selection and the driver's `admissible` both call them, so neither
// has a copy of its own. That the two agree on whole runs is
// c-driver.test.ts's and c-driver-impact.test.ts's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import rod from '../../derivations/falling-rod.js';
import { generateCDriver } from '../../src/codegen/c-driver.js';
import type { Decl } from '../../src/codegen/ir.js';
import { printModule } from '../../src/codegen/print.js';
import { generateC, printCFunctions } from '../../src/codegen/print-c.js';
import { MODE_ADMISSIBILITY } from '../../src/codegen/solvers/mode-admissibility.js';
import { numericSource } from '../../src/codegen/solvers/sources.js';
import { derived, ROOT } from '../helpers/examples.js';

const functions = MODE_ADMISSIBILITY.decls.filter((d): d is Decl & { kind: 'function' } => d.kind === 'function');

describe('one source for the tests of a contact mode', () => {
  const sys = derived(rod);
  const driver = generateCDriver(sys, 'derivations/falling-rod.ts', generateC(sys, 'derivations/falling-rod.ts')).text;
  const numeric = numericSource('mode-admissibility.ts');
  const runtime = readFileSync(join(ROOT, 'src/runtime/contact/friction-modes.ts'), 'utf8');

  // Printed together: each calls the others.
  const c = printCFunctions(functions).join('\n');

  it('the driver has their C as the C printer prints the declarations', () => {
    expect(driver).toContain(c);
  });

  it.each(functions.map((d) => [d.name, d] as const))('%s: defined in that C, its TypeScript in src/numeric, called', (name, d) => {
    expect(c).toMatch(new RegExp(`^static (int|double|void) ${name}\\([^)]*\\) \\{$`, 'm'));
    expect(numeric).toContain(printModule({ header: [], decls: [d] }).trim());
    // Its prototype, its definition, and at least one call in the driver.
    expect(driver.split(`${name}(`).length).toBeGreaterThan(3);
  });

  it("the driver's admissible and the runtime's selection call the tests, and copy none", () => {
    const admissible = driver.slice(driver.indexOf('static int admissible('), driver.indexOf('static void choose_modes('));
    expect(admissible).toContain('slideFromRest(');
    expect(admissible).toContain('contactAdmissible(');
    expect(admissible).not.toMatch(/mu\[2 \* j \+ 1\] \* (stick|out)\[/);
    expect(runtime).toMatch(/import \{ accelerationChange, contactAdmissible, slideFromRest, stickForce \} from '..\/..\/numeric\/mode-admissibility.js'/);
    expect(runtime).not.toMatch(/muS \* (stick|out)\[/);
  });
});
