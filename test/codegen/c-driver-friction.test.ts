// The tests of one contact's mode are written once (solvers/mode-admissibility.ts),
// and so is a phase sliding on dependent rows (solvers/sliding-support.ts):
// the C driver carries each function as the C printer prints that
// declaration (with Coulomb friction, the falling rod, all of them; without,
// the compass walker, those of the held set), src/numeric carries it as the
// TypeScript printer prints the same declaration, and the runtime's mode
// selections and the driver's both call them, so none has a copy of its own.
// That the two agree on whole runs is c-driver.test.ts's and
// c-driver-impact.test.ts's. The frictional phase of a model whose parameter
// shares its name with a loop's index (the box's half side c) reads it as a
// real.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import walker from '../../derivations/compass-walker.js';
import box from '../../derivations/tumbling-box.js';
import rod from '../../derivations/falling-rod.js';
import { generateCDriver } from '../../src/codegen/c-driver.js';
import { printModule } from '../../src/codegen/print.js';
import { generateC, printCFunctions } from '../../src/codegen/print-c.js';
import { FRICTION_TESTS, FRICTIONLESS_TESTS } from '../../src/codegen/solvers/mode-admissibility.js';
import { SLIDING_SUPPORT } from '../../src/codegen/solvers/sliding-support.js';
import { numericSource } from '../../src/codegen/solvers/sources.js';
import { derived, ROOT } from '../helpers/examples.js';

/** A model's C driver. */
function driverOf(model: Parameters<typeof derived>[0], file: string): string {
  const sys = derived(model);
  return generateCDriver(sys, file, generateC(sys, file)).text;
}

describe('one source for the tests of a contact mode', () => {
  const friction = driverOf(rod, 'derivations/falling-rod.ts');
  const frictionless = driverOf(walker, 'derivations/compass-walker.ts');
  const numeric = numericSource('mode-admissibility.ts');
  const support = numericSource('sliding-support.ts');
  const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

  it('each driver has their C as the C printer prints the declarations (printed together: they call each other)', () => {
    expect(friction).toContain(printCFunctions(FRICTION_TESTS).join('\n'));
    expect(frictionless).toContain(printCFunctions(FRICTIONLESS_TESTS).join('\n'));
    expect(frictionless).not.toContain('contactAdmissible(');
  });

  it.each(FRICTION_TESTS.map((d) => [d.name, d] as const))('%s: its TypeScript in src/numeric, its C defined and called in the driver', (name, d) => {
    expect(numeric).toContain(printModule({ header: [], decls: [d] }).trim());
    expect(friction).toMatch(new RegExp(`^static (int|double|void) ${name}\\([^)]*\\) \\{$`, 'm'));
    // Its prototype, its definition, and at least one call.
    expect(friction.split(`${name}(`).length).toBeGreaterThan(3);
  });

  it.each(SLIDING_SUPPORT.decls.map((d) => [(d as { name: string }).name, d] as const))(
    '%s (a phase sliding on dependent rows): its TypeScript in src/numeric, its C defined and called in the driver',
    (name, d) => {
      expect(support).toContain(printModule({ header: [], decls: [d] }).trim());
      expect(friction).toMatch(new RegExp(`^static (int|void) ${name}\\([^)]*\\) \\{$`, 'm'));
      expect(friction.split(`${name}(`).length).toBeGreaterThan(3);
    },
  );

  it("the drivers' choices and the runtime's call the tests, and copy none", () => {
    const admissible = friction.slice(friction.indexOf('static int admissible('), friction.indexOf('static void choose_modes('));
    expect(admissible).toContain('slideFromRest(');
    expect(admissible).toContain('contactAdmissible(');
    expect(admissible).not.toMatch(/mu\[2 \* j \+ 1\] \* (stick|out)\[/);
    const held = frictionless.slice(frictionless.indexOf('static void choose_held('));
    expect(held).toContain('gapAdmissible(');
    expect(held).toContain('motionsDiffer(');
    for (const driver of [friction, frictionless]) expect(driver).not.toContain('1e-8 * (1.0 + fabs(');
    const runtime = read('src/runtime/contact/friction-modes.ts');
    expect(runtime).toMatch(/import \{ dependentHeld, slidingSupport \} from '..\/..\/numeric\/sliding-support.js'/);
    expect(runtime).toMatch(
      /import \{ accelerationChange, contactAdmissible, motionsDiffer, slideFromRest, stickForce \} from '..\/..\/numeric\/mode-admissibility.js'/,
    );
    expect(runtime).not.toMatch(/muS \* (stick|out)\[/);
    expect(read('src/runtime/hybrid/hybrid.ts')).toMatch(/import \{ gapAdmissible, motionsDiffer \} from '..\/..\/numeric\/mode-admissibility.js'/);
  });

  it("a parameter named like a loop's integer index is a double in friction_phase (the box's half side c, not c = 0)", () => {
    const sys = derived(box);
    const source = generateC(sys, 'derivations/tumbling-box.ts').source.text;
    const phase = source.slice(source.indexOf('double *tumbling_box_friction_phase('));
    const k = sys.model.parameters.findIndex((p) => p.name === 'c');
    expect(phase).toContain(`const double c = p[${k}];`);
    expect(phase).toMatch(/const int c = SC_\[r\];/);
    for (const p of sys.model.parameters) expect(source).not.toContain(`const int ${p.name} = p[`);
  });
});
