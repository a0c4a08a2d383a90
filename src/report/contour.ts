// The curve f(x, y) = 0 of a plane inside a box, traced by marching squares
// on a grid and chained into polylines: a sketch's surface given by an
// equation (a billiard's circle or parabola), which no line can draw.
// Tests: test/report/sketch.test.ts.
import type { Box } from './sketch-view.js';

/** Polylines [x₀, y₀, x₁, y₁, …] (model units) along f = 0 in the box, on an n × n grid. */
export function contour(f: (x: number, y: number) => number, box: Box, n = 96): number[][] {
  const dx = (box.xMax - box.xMin) / n;
  const dy = (box.yMax - box.yMin) / n;
  const values: number[][] = [];
  for (let i = 0; i <= n; i++) {
    const row: number[] = [];
    for (let j = 0; j <= n; j++) row.push(f(box.xMin + i * dx, box.yMin + j * dy));
    values.push(row);
  }
  // A crossing on a grid edge, keyed by the edge so that neighbouring cells share it.
  const crossings = new Map<string, [number, number]>();
  const cross = (i0: number, j0: number, i1: number, j1: number): string | undefined => {
    const a = values[i0]![j0]!;
    const b = values[i1]![j1]!;
    if (!Number.isFinite(a) || !Number.isFinite(b) || a < 0 === b < 0) return undefined;
    const key = `${i0},${j0},${i1},${j1}`;
    const s = a / (a - b);
    crossings.set(key, [box.xMin + (i0 + s * (i1 - i0)) * dx, box.yMin + (j0 + s * (j1 - j0)) * dy]);
    return key;
  };
  // Each cell crossed twice gives one piece; four times (a saddle), two pieces in edge order.
  const links = new Map<string, string[]>();
  const link = (a: string, b: string): void => {
    links.set(a, [...(links.get(a) ?? []), b]);
    links.set(b, [...(links.get(b) ?? []), a]);
  };
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const edges = [cross(i, j, i + 1, j), cross(i + 1, j, i + 1, j + 1), cross(i, j + 1, i + 1, j + 1), cross(i, j, i, j + 1)].filter(
        (e): e is string => e !== undefined,
      );
      for (let k = 0; k + 1 < edges.length; k += 2) link(edges[k]!, edges[k + 1]!);
    }
  // Chains from the ends (an edge with one neighbour) first, then the closed loops.
  const seen = new Set<string>();
  const lines: number[][] = [];
  const walk = (start: string): void => {
    const line: number[] = [];
    let at: string | undefined = start;
    while (at !== undefined && !seen.has(at)) {
      seen.add(at);
      line.push(...crossings.get(at)!);
      at = (links.get(at) ?? []).find((k) => !seen.has(k));
    }
    // A loop closes on its start.
    if ((links.get(start) ?? []).length === 2 && line.length > 4) line.push(line[0]!, line[1]!);
    if (line.length >= 4) lines.push(line);
  };
  for (const [k, ns] of links) if (ns.length === 1 && !seen.has(k)) walk(k);
  for (const k of links.keys()) if (!seen.has(k)) walk(k);
  return lines;
}
