// A frame of geometry.frames given by a unit quaternion: four distinct
// coordinates of the model, each turning no other quaternion frame and
// driving no joint (geometry.ts hands the joints the same record), read into
// the frame (src/model/geometry/quaternion.ts) and its constraint |q|² = 1.
// Tests: test/model/validate/quaternion.test.ts.
import type { Frame } from '../geometry/kinematics.js';
import { quaternionFrame, unitNorm, type Quaternion } from '../geometry/quaternion.js';
import type { Coordinate, HolonomicConstraint } from '../types.js';
import type { Reading } from './geometry-reading.js';
import { arrayAt, member, type Fields } from './shape.js';

/** The constraint of the quaternion frame `frame`. */
export const unitConstraintName = (frame: string): string => `${frame}_unit`;

export function readQuaternionFrame(
  f: Fields,
  field: string,
  r: Reading,
  name: string,
  coordinates: readonly Coordinate[],
  claimed: Map<string, string>,
): { frame: Frame; q: Quaternion; unit: HolonomicConstraint } | undefined {
  const { out } = r;
  const at = member(field, 'quaternion');
  if (f.axes !== undefined || f.angles !== undefined) {
    out.add('bad-rotation', field, 'a frame is turned either by axes and angles or by a quaternion, not both');
    return undefined;
  }
  const parent = f.parent === undefined ? r.ground : r.frames.find(f.parent, member(field, 'parent'), out);
  const names = arrayAt(f.quaternion, at, 'four coordinate names [q0, q1, q2, q3]', out);
  if (!names) return undefined;
  if (names.length !== 4) {
    out.add('bad-rotation', at, `a quaternion has four coordinates [q0, q1, q2, q3] (q0 the scalar part), got ${names.length}`);
    return undefined;
  }
  const found = names.map((n, k) => {
    const c = coordinates.find((c) => c.name === n);
    if (!c) out.add('unknown-coordinate', `${at}[${k}]`, `'${String(n)}' is not a coordinate of the model`);
    else if (names.indexOf(n) !== k) out.add('bad-rotation', `${at}[${k}]`, `'${c.name}' appears twice: a quaternion has four distinct coordinates`);
    else if (claimed.has(c.name))
      out.add('bad-rotation', `${at}[${k}]`, `'${c.name}' already turns ${claimed.get(c.name)}: a coordinate belongs to one quaternion frame or joint`);
    else {
      claimed.set(c.name, field);
      return c;
    }
    return undefined;
  });
  if (!parent || !found.every((c) => c !== undefined)) return undefined;
  const q = found.map((c) => c.q) as unknown as Quaternion;
  return { frame: quaternionFrame(name, parent, q, r.rate), q, unit: { name: unitConstraintName(name), phi: unitNorm(q) } };
}
