// A scene as a report's figure: SVG for the HTML page, TikZ for the PDF.
// Tests: test/report/figures.test.ts (the figures of every report), test/report/pdflatex.test.ts.
import type { Figure, Inline } from './document.js';
import { drawnLegend } from './plot.js';
import { svgScene, type Scene } from './scene.js';
import { tikzScene } from './scene-tikz.js';

/** A figure printed both ways: SVG in the page, TikZ at `width` of the line in the PDF; its legend keyed by the lines drawn. */
export function sceneFigure(scene: Scene, width: number, legend: Figure['legend'], caption: readonly Inline[]): Figure {
  return {
    kind: 'figure',
    id: scene.id,
    svg: svgScene(scene),
    tikz: { picture: tikzScene(scene, scene.width * 0.75), width },
    legend: drawnLegend(scene, legend),
    caption,
  };
}
