// What the geometry's readers share while a model's geometry is read
// (geometry.ts, joints.ts): the frames and points declared so far, looked up
// by name with a named error for one not declared.
// Tests: test/model/validate/geometry.test.ts, test/model/validate/joints.test.ts.
import type { Expr } from '../../core/expr.js';
import type { Frame } from '../geometry/kinematics.js';
import type { Vec3 } from '../geometry/vectors.js';
import type { ExprReader } from './expressions.js';
import type { Problems } from './problems.js';
import { stringAt } from './shape.js';

/** The declared frames or points by name, for lookups that name what exists. */
export class Declared<T> {
  readonly byName = new Map<string, T>();
  constructor(
    private readonly what: 'frame' | 'point',
    private readonly code: 'unknown-frame' | 'unknown-point',
  ) {}

  find(name: unknown, field: string, out: Problems): T | undefined {
    const key = stringAt(name, field, `a ${this.what}'s name`, out);
    if (key === undefined) return undefined;
    const found = this.byName.get(key);
    if (found === undefined) {
      const known = [...this.byName.keys()];
      out.add(this.code, field, `'${key}' is not a ${this.what} declared before this field (declared: ${known.length ? known.join(', ') : 'none'})`);
    }
    return found;
  }
}

export interface Reading {
  readonly reader: ExprReader;
  readonly rate: (e: Expr) => Expr;
  /** Absent only when its name was refused (a problem is then reported). */
  readonly ground: Frame | undefined;
  readonly frames: Declared<Frame>;
  readonly points: Declared<Vec3>;
  readonly out: Problems;
}
