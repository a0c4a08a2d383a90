// The joints' tree (src/model/geometry/tree.ts) with the generalized forces
// it does not carry: for the articulated-body recursion the generated code
// runs (src/codegen/articulated.ts), inertia and weight come from the tree's
// bodies, and everything else acts as a force on the coordinates,
//   τᵢ = Qᵢ − ∂V_e/∂qᵢ   (V_e the springs' potential, V less the bodies' weight),
// so that M(q)q̈ = forcing holds with the same M and forcing as Lagrange II.
// Tests: test/codegen/articulated.test.ts (both routes give the same q̈).
import { diff } from '../../core/diff.js';
import { add, neg, type Expr } from '../../core/expr.js';
import type { KinematicTree } from '../../model/geometry/tree.js';
import type { Model } from '../../model/model.js';

export interface TreeDynamics {
  readonly tree: KinematicTree;
  /** τ, one per coordinate: the generalized forces besides inertia and weight. */
  readonly forces: readonly Expr[];
}

export function deriveTreeDynamics(model: Model, tree: KinematicTree): TreeDynamics {
  return { tree, forces: model.coordinates.map((c, i) => add(model.Q[i]!, neg(diff(tree.elastic, c.q.name)))) };
}
