// Which declared points are material points of which frames, for a plane
// fixed in a body (geometry-contacts.ts): its point `through` must move with
// the frame, or the contact's slip rows would not be the sliding velocity.
// A point is fixed in a frame where it is a body's centre on that frame, is
// anchored in it (a joint's child, the tree's points: tree.ts), or is placed
// at constant components in that frame from a point fixed in it.
// Tests: test/model/validate/geometry-contacts.test.ts.
import type { PointPlacement } from './description.js';
import { isFixedVec } from './tree.js';

/** Each point's frames, from the seeds (point → frame) and the placements in declaration order. */
export function framesFixing(
  seeds: Iterable<readonly [string, string]>,
  placements: ReadonlyMap<string, PointPlacement>,
  parameters: ReadonlySet<string>,
): ReadonlyMap<string, ReadonlySet<string>> {
  const fixed = new Map<string, Set<string>>();
  const add = (point: string, frame: string): void => {
    const set = fixed.get(point) ?? new Set<string>();
    set.add(frame);
    fixed.set(point, set);
  };
  for (const [point, frame] of seeds) add(point, frame);
  for (const [point, { from, frame, offset }] of placements) {
    if (from !== undefined && fixed.get(from)?.has(frame) && isFixedVec(offset, parameters)) add(point, frame);
  }
  return fixed;
}
