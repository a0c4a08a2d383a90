// kinetic / potential / lagrangian / particles: the Lagrangian L = T − V, from
// either L itself or T (kinetic, plus ½m|ṙ|² per particle, plus the
// geometry's bodies) and V (potential, plus the geometry's gravity and
// springs). Every part is differentiated by the derivation, so each must be smooth.
import { add, mul, num, type Expr } from '../../core/expr.js';
import { timeDerivative } from '../../core/diff.js';
import { TIME } from '../names.js';
import { PARTICLE_FIELDS } from '../spec.js';
import type { Coordinate } from '../types.js';
import type { ExprReader } from './expressions.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, fieldsAt, rejectUnknownKeys, type Fields } from './shape.js';

export interface Energy {
  readonly T?: Expr;
  readonly V?: Expr;
  /** Undefined only when a problem was reported. */
  readonly L?: Expr;
}

/** What the geometry formed (validate/geometry.ts): T of its bodies, V of its gravity and springs. */
export interface GeometryEnergy {
  readonly T?: Expr;
  readonly V: Expr;
}

export function checkEnergy(
  spec: Fields,
  coordinates: readonly Coordinate[],
  reader: ExprReader,
  model: string | undefined,
  geometry?: GeometryEnergy,
): Checked<Energy> {
  const out = new Problems(model);
  if (spec.lagrangian !== undefined) {
    if (spec.kinetic !== undefined || spec.potential !== undefined || spec.particles !== undefined || spec.geometry !== undefined) {
      out.add('ambiguous-energy', 'lagrangian', 'give either lagrangian, or kinetic/particles/geometry and potential, not both');
    }
    const L = reader.read(spec.lagrangian, 'lagrangian', out, { velocities: true, smooth: true });
    return out.result(L ? { L } : {});
  }
  const parts: Expr[] = [];
  const kinetic = spec.kinetic === undefined ? undefined : reader.read(spec.kinetic, 'kinetic', out, { velocities: true, smooth: true });
  if (kinetic) parts.push(kinetic);
  parts.push(...out.take(checkParticles(spec.particles, coordinates, reader, model)));
  if (geometry?.T) parts.push(geometry.T);
  const T = parts.length ? add(...parts) : undefined;
  // No kinetic energy and nothing wrong with what was given: nothing was given.
  if (!T && out.list.length === 0 && spec.geometry === undefined) {
    out.add('no-energy', 'kinetic', 'give kinetic (and/or particles, or geometry with bodies) and potential, or a lagrangian');
  }
  const given = reader.read(spec.potential ?? 0, 'potential', out, { smooth: true });
  const V = given && geometry ? add(given, geometry.V) : given;
  return out.result({ ...(T ? { T } : {}), ...(V ? { V } : {}), ...(T && V ? { L: add(T, mul(num(-1), V)) } : {}) });
}

/** ½ m |ṙ|² of each point mass, ṙ by the chain rule through the coordinates. */
function checkParticles(x: unknown, coordinates: readonly Coordinate[], reader: ExprReader, model: string | undefined): Checked<Expr[]> {
  const out = new Problems(model);
  const energies: Expr[] = [];
  if (x === undefined) return out.result(energies);
  const chain = coordinates.map((c) => [c.name, c.qd] as const);
  (arrayAt(x, 'particles', 'a list of particles { mass, position }', out) ?? []).forEach((p, i) => {
    const field = `particles[${i}]`;
    const spec = fieldsAt(p, field, 'a particle { mass, position }', out);
    if (!spec) return;
    rejectUnknownKeys(spec, PARTICLE_FIELDS, field, out);
    const m = reader.read(spec.mass, `${field}.mass`, out, { smooth: true });
    const position = arrayAt(spec.position, `${field}.position`, 'a list of Cartesian components', out) ?? [];
    const r = position.map((xk, k) => reader.read(xk, `${field}.position[${k}]`, out, { smooth: true }));
    if (!m || position.length === 0 || r.some((xk) => !xk)) return;
    const v = r.map((xk) => timeDerivative(xk!, TIME, chain));
    energies.push(mul(num(0.5), m, add(...v.map((vk) => mul(vk, vk)))));
  });
  return out.result(energies);
}
