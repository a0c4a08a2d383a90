// A model's contact patches with what follows from each law in closed form:
// the patch law and its generalized forces (patch.ts), the impact along the
// normal scaled free of the parameters (universal.ts, kuleshov2011
// (6.1)–(6.2)), and what the friction does to the slip in an impact, on an
// incline and rolling (slip.ts, kuleshov2011 §7, §11–§12), the transverse
// motion under the load scaled as §8–§9 do (transverse.ts).
// Tests: test/derive/compliant/universal.test.ts, test/derive/compliant/slip.test.ts,
// test/derive/compliant/transverse.test.ts.
import type { Model } from '../../model/model.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import { derivePatches, type PatchTerm } from './patch.js';
import { patchSlip, type PatchSlip } from './slip.js';
import { transverseMotion, type TransverseMotion } from './transverse.js';
import { universalProblem, type UniversalProblem } from './universal.js';

export interface PatchResults extends PatchTerm {
  readonly universal?: UniversalProblem;
  readonly slipping?: PatchSlip;
  readonly transverse?: TransverseMotion;
}

export interface Patches {
  readonly terms: readonly PatchResults[];
}

export function derivePatchResults(model: Model, l2: Lagrange2): Patches | undefined {
  const patches = derivePatches(model, l2);
  if (!patches) return undefined;
  return {
    terms: patches.terms.map((t) => {
      const universal = universalProblem(model, l2, t);
      const slipping = patchSlip(model, l2, t);
      const transverse = transverseMotion(model, l2, t);
      return { ...t, ...(universal ? { universal } : {}), ...(slipping ? { slipping } : {}), ...(transverse ? { transverse } : {}) };
    }),
  };
}
