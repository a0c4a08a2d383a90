// Model validation: every mistake a user can make in derivations/<model>.ts
// is reported as a MechanicsError with a stable code, the model and field
// it is in (also in the message), and all problems of a model at once.
import { describe, expect, it } from 'vitest';
import { MechanicsError } from '../../src/errors.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import { thrown as thrownAs } from '../helpers/thrown.js';

/** A planar particle in a uniform field: the valid starting point every case breaks one way. */
const particle: ModelSpec = {
  name: 'planar-particle',
  coordinates: ['x', 'y'],
  parameters: { m: 1, g: 9.81 },
  kinetic: "m*(x'^2 + y'^2)/2",
  potential: 'm*g*y',
};

const thrown = (fn: () => unknown): MechanicsError => thrownAs(fn, MechanicsError);

/** The error of building (and, with derive, deriving) a variant of the particle. */
function problem(change: Partial<ModelSpec>, derive = false): MechanicsError {
  const spec = { ...particle, ...change } as ModelSpec;
  return thrown(() => (derive ? deriveSystem(buildModel(spec)) : buildModel(spec)));
}

/** The error names its code, model and field, in its fields and in its message. */
function expectLocated(err: MechanicsError, code: string, field: string, model = particle.name): void {
  expect(err.code, err.message).toBe(code);
  expect(err.where.model).toBe(model);
  expect(err.where.field).toBe(field);
  expect(err.message).toContain(`model '${model}'`);
  expect(err.message).toContain(`field '${field}'`);
}

describe('planar particle: the valid model', () => {
  it('builds and derives without complaint', () => {
    const sys = deriveSystem(buildModel(particle));
    expect(sys.model.coordinates.map((c) => c.name)).toEqual(['x', 'y']);
  });
});

describe('planar particle: one mistake at a time', () => {
  it('an unknown symbol in the kinetic energy: unknown-symbol in field kinetic, naming the symbol and the known ones', () => {
    const err = problem({ kinetic: "m*(x'^2 + y'^2)/2 + k*x'^2" });
    expectLocated(err, 'unknown-symbol', 'kinetic');
    expect(err.problems).toEqual([]);
    expect(err.message).toContain("unknown symbol 'k'");
    expect(err.message).toMatch(/known: .*\bm\b.*\bg\b/);
    expect(err.where.source).toBe("m*(x'^2 + y'^2)/2 + k*x'^2");
  });

  it('an unknown symbol in a particle position: field particles[0].position[1]', () => {
    const err = problem({ kinetic: undefined, particles: [{ mass: 'm', position: ['x', 'y + h'] }] });
    expectLocated(err, 'unknown-symbol', 'particles[0].position[1]');
    expect(err.message).toContain("'h'");
  });

  it('a malformed expression: parse-error in field potential, with the source and a caret under the fault', () => {
    const err = problem({ potential: 'm*g*(y + ' });
    expectLocated(err, 'parse-error', 'potential');
    expect(err.message).toContain("malformed expression 'm*g*(y + '");
    expect(err.message).toMatch(/\n\s+m\*g\*\(y \+ \n\s*\^/);
    expect(err.where.source).toBe('m*g*(y + ');
  });

  it('a velocity in the potential: bad-velocity in field potential, saying where such a term goes (not how to spell it)', () => {
    const err = problem({ potential: "m*g*y + x'" });
    expectLocated(err, 'bad-velocity', 'potential');
    expect(err.detail).toContain("x' is a velocity");
    expect(err.detail).toContain('V may depend only on the coordinates, t and the parameters');
    expect(err.detail).toMatch(/kinetic energy T .* or a generalized force/);
    expect(err.detail).not.toContain('is written');
  });

  it("a kinetic energy missing a coordinate's velocity: singular-mass-matrix in field kinetic, found when deriving", () => {
    expect(() => buildModel({ ...particle, kinetic: "m*x'^2/2" })).not.toThrow();
    const err = problem({ kinetic: "m*x'^2/2" }, true);
    expectLocated(err, 'singular-mass-matrix', 'kinetic');
    expect(err.kind).toBe('model');
    expect(err.message).toContain('singular');
  });

  it('a kinetic energy that is not quadratic in the velocities: not-quadratic in field kinetic', () => {
    const err = problem({ kinetic: "m*(x'^2 + y'^2)/2 + x'^4" }, true);
    expectLocated(err, 'not-quadratic', 'kinetic');
    expect(err.kind).toBe('derivation');
    expect(err.message).toContain("x'");
  });

  it('a generalized force on an unknown coordinate: unknown-coordinate in field forces.z', () => {
    const err = problem({ forces: { z: '1' } });
    expectLocated(err, 'unknown-coordinate', 'forces.z');
    expect(err.message).toContain("'z'");
  });

  it('an initial value for an unknown coordinate: unknown-coordinate in field initial.q.z', () => {
    const err = problem({ initial: { q: { z: 1 } } });
    expectLocated(err, 'unknown-coordinate', 'initial.q.z');
  });

  it('a non-holonomic constraint nonlinear in the velocities: nonlinear-constraint in field nonholonomic[0], naming the constraint', () => {
    const err = problem({ nonholonomic: [{ name: 'speed', expr: "x'^2 + y'^2 - 1" }] });
    expectLocated(err, 'nonlinear-constraint', 'nonholonomic[0]');
    expect(err.message).toContain("'speed'");
  });

  it('a non-holonomic constraint without velocities: not-a-velocity-constraint', () => {
    const err = problem({ nonholonomic: ['x - y'] });
    expectLocated(err, 'not-a-velocity-constraint', 'nonholonomic[0]');
    expect(err.message).toContain('holonomic');
  });

  it('a velocity in a holonomic constraint: bad-velocity in field holonomic[0]', () => {
    const err = problem({ holonomic: ["x - y'"] });
    expectLocated(err, 'bad-velocity', 'holonomic[0]');
    expect(err.detail).toContain('a constraint on velocities goes under nonholonomic');
  });

  it('more holonomic constraints than degrees of freedom: too-many-constraints in field holonomic', () => {
    const err = problem({ holonomic: ['x - 1', 'y - 2', 'x + y'] });
    expectLocated(err, 'too-many-constraints', 'holonomic');
    expect(err.message).toContain('3 retaining constraints for 2 coordinates');
  });

  it('as many constraints as coordinates: too-many-constraints (no motion left)', () => {
    const err = problem({ holonomic: ['x - 1', 'y - 2'] });
    expectLocated(err, 'too-many-constraints', 'holonomic');
  });

  it('more non-holonomic constraints than degrees of freedom: too-many-constraints', () => {
    const err = problem({ nonholonomic: ["x' - y'", "x' + y'", "x' - 2*y'"] });
    expect(err.code).toBe('too-many-constraints');
    expect(err.where.model).toBe('planar-particle');
    expect(err.message).toContain('3 retaining constraints for 2 coordinates');
  });

  it('too many non-holonomic constraints: reported in field nonholonomic', () => {
    const err = problem({ nonholonomic: ["x' - y'", "x' + y'", "x' - 2*y'"] });
    expectLocated(err, 'too-many-constraints', 'nonholonomic');
  });

  it('dependent constraints: dependent-constraints, found when deriving', () => {
    const three: ModelSpec = {
      ...particle,
      name: 'spatial-particle',
      coordinates: ['x', 'y', 'z'],
      kinetic: "m*(x'^2 + y'^2 + z'^2)/2",
      initial: { q: { x: 1, y: 1 } },
    };
    const err = thrown(() => deriveSystem(buildModel({ ...three, holonomic: ['x - y', '2*x - 2*y'] })));
    expectLocated(err, 'dependent-constraints', 'holonomic', 'spatial-particle');
  });

  it('a reserved name as a coordinate: reserved-name in field coordinates', () => {
    const err = problem({ coordinates: ['x', 'y', 't'] });
    expectLocated(err, 'reserved-name', 'coordinates');
    expect(err.message).toContain("'t' is reserved");
  });

  it('a name declared twice: duplicate-name', () => {
    const err = problem({ parameters: { m: 1, g: 9.81, x: 2 } });
    expectLocated(err, 'duplicate-name', 'parameters.x');
  });

  it('a parameter without a finite default: bad-default', () => {
    const err = problem({ parameters: { m: 1, g: 9.81, k: Number.NaN } });
    expectLocated(err, 'bad-default', 'parameters.k');
  });

  it('both a lagrangian and energies: ambiguous-energy in field lagrangian', () => {
    const err = problem({ lagrangian: "m*x'^2/2" });
    expectLocated(err, 'ambiguous-energy', 'lagrangian');
  });

  it('a model name that is not file-safe: bad-name in field name', () => {
    const err = problem({ name: 'Planar Particle' });
    expectLocated(err, 'bad-name', 'name', 'Planar Particle');
  });
});

describe('planar particle: several mistakes at once', () => {
  it('reports every problem in one error, in the order of the spec, each located', () => {
    const err = problem({
      kinetic: "m*(x'^2 + y'^2)/2 + k*x'^2",
      potential: 'm*g*(y + ',
      forces: { z: '1' },
      nonholonomic: ["x'^2 - y'"],
    });
    expect(err.problems.map((p) => [p.code, p.where.model, p.where.field])).toEqual([
      ['unknown-symbol', 'planar-particle', 'kinetic'],
      ['parse-error', 'planar-particle', 'potential'],
      ['unknown-coordinate', 'planar-particle', 'forces.z'],
      ['nonlinear-constraint', 'planar-particle', 'nonholonomic[0]'],
    ]);
    expect(err.where.model).toBe('planar-particle');
    expect(err.code).toBe('unknown-symbol');
    expect(err.message).toContain('4 problems');
    for (const p of err.problems) expect(err.message).toContain(p.message);
  });
});

describe('parameter ranges', () => {
  it('a default outside its range: bad-range, naming the parameter', () => {
    const err = thrown(() =>
      buildModel({ name: 'ranged', coordinates: ['x'], parameters: { a: { default: 2, range: [0, 'pi/2'] } }, kinetic: "x'^2/2", potential: 'a*x^2' }),
    );
    expect(err.code).toBe('bad-range');
    expect(err.where).toMatchObject({ model: 'ranged', field: 'parameters.a.range' });
    expect(err.message).toContain("parameter 'a'");
  });
});
