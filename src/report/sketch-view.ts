// The frame of a sketch: the model-unit box it shows, and the map from
// model units (y up) to the pixels of the figure (y down), shared by the
// bodies (sketch.ts), the marks beside them (sketch-marks.ts) and the
// animation's frames (animation.ts).
// Tests: test/report/sketch.test.ts.
import type { Model } from '../model/types.js';

/** The parameters at their defaults. */
export function parameterEnv(model: Model): Record<string, number> {
  return Object.fromEntries(model.parameters.map((p) => [p.symbol.name, p.default]));
}

/** Model-unit box around every pose and disc, padded, never flat. */
export interface Box {
  readonly xMin: number;
  readonly xMax: number;
  readonly yMin: number;
  readonly yMax: number;
}

/** Pixel size of a sketch and its map from model units (y up) to pixels (y down). */
export interface View {
  readonly width: number;
  readonly height: number;
  readonly scale: number;
  readonly box: Box;
}

/** A view of the box at most 420 × 320 px, equal scales on both axes. */
export function view(box: Box, maxWidth = 420, maxHeight = 320): View {
  const scale = Math.min(maxWidth / (box.xMax - box.xMin), maxHeight / (box.yMax - box.yMin));
  return { width: Math.round((box.xMax - box.xMin) * scale), height: Math.round((box.yMax - box.yMin) * scale), scale, box };
}

/** The colour of fixed lines and surfaces and their hatches. */
export const GROUND = '#666666';

export const toPx = (v: View, x: number, y: number): [number, number] => [(x - v.box.xMin) * v.scale, (v.box.yMax - y) * v.scale];
