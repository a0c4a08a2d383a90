// A scene as a tikzpicture drawn with PGF's basic layer, for pdflatex's
// time: the points are printed in pt here (no pgfmath parses them), the
// consecutive items of one style are stroked as one path, and a text is
// placed with \pgftext instead of a TikZ \node. Measured on TeX Live 2022,
// a \node costs about 3 ms, a \draw 0.7 ms and each point of a TikZ path
// 0.06 ms; these cost 0.15 ms, one path per style and 0.02 ms.
// The picture is the one TikZ's \draw, \filldraw and \node[inner sep=0pt]
// drew before it: same strokes, same painting order, same bounding box (so the same
// scale in the report's \resizebox), each text where the node put it.
// Tests: test/report/scene.test.ts, test/report/scene-tikz.test.ts (in pdflatex).
import { latexText } from './latex-text.js';
import { px, runs, type Scene, type SceneItem } from './scene.js';

/** "#0072b2" → "{rgb,255:red,0;green,114;blue,178}" (xcolor's inline colour model). */
export function tikzColor(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `{rgb,255:red,${(n >> 16) & 255};green,${(n >> 8) & 255};blue,${n & 255}}`;
}

/** "#0072b2" → "\color[RGB]{0,114,178}": stroke, fill and text colour at once, parsed faster than the colour expression. */
function setColor(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `\\color[RGB]{${(n >> 16) & 255},${(n >> 8) & 255},${n & 255}}`;
}

/** An SVG width or dash length in px as bp (px = 0.75 bp, LaTeX's printer's point). */
const bp = (v: number): string => `${(v * 0.75).toFixed(2)}bp`;

/** An SVG dash pattern "4 2" as its on, off, … lengths in bp. */
const dashLengths = (dash: string): string[] =>
  dash
    .trim()
    .split(/\s+/)
    .map((v) => bp(Number(v)));

/** An SVG dash pattern "4 2" as PGF's {on}{off} lengths. */
const pgfDash = (dash: string): string =>
  `\\pgfsetdash{${dashLengths(dash)
    .map((l) => `{${l}}`)
    .join('')}}{0pt}`;

/** An SVG dash pattern "4 2" as a TikZ option (a legend's key): the PGF picture's lengths. */
export const tikzDash = (dash: string): string =>
  `dash pattern=${dashLengths(dash)
    .map((l, i) => `${i % 2 ? 'off' : 'on'} ${l}`)
    .join(' ')}`;

/** A length in pt: the pixel (to 0.1 px, as the SVG prints it) times the picture's unit, plus `shift` pt. */
const length = (v: number, unit: number, shift = 0): string => `${Number((Number(px(v)) * unit + shift).toFixed(4))}pt`;

/** A pixel point as a PGF point (y up). */
const point = (x: number, y: number, unit: number): string => `\\pgfqpoint{${length(x, unit)}}{${length(-y, unit)}}`;

/**
 * A stroked or filled part of an item: the graphic state it needs, its
 * path, how the path is used, and whether every segment is horizontal or
 * vertical. Parts of one state and use share a path only if they agree on
 * the last: a viewer snaps such a path to the pixel grid (poppler's stroke
 * adjustment), which one slanted segment among them would undo. A dashed
 * line keeps its own path: poppler ends the dashes of a shared one a pixel
 * differently.
 */
interface Part {
  readonly state: string;
  readonly path: string;
  readonly use: string;
  readonly square: boolean;
  readonly alone?: boolean;
}

/** Whether every segment of the run x₀, y₀, x₁, y₁, … is horizontal or vertical (to the printed 0.1 px). */
function square(points: readonly number[]): boolean {
  for (let i = 2; i + 1 < points.length; i += 2) if (px(points[i]!) !== px(points[i - 2]!) && px(points[i + 1]!) !== px(points[i - 1]!)) return false;
  return true;
}

/** A run of points as moveto and lineto's, four points a line (the .tex stays readable, TeX's input lines short). */
function runPath(r: readonly number[], unit: number): string {
  const steps: string[] = [];
  for (let i = 0; i < r.length; i += 2) steps.push(`\\pgfpath${i ? 'lineto' : 'moveto'}{${point(r[i]!, r[i + 1]!, unit)}}`);
  const lines: string[] = [];
  for (let i = 0; i < steps.length; i += 4) lines.push(steps.slice(i, i + 4).join(''));
  return lines.join('\n');
}

function parts(item: Exclude<SceneItem, { kind: 'text' }>, unit: number): Part[] {
  switch (item.kind) {
    case 'line': {
      const r = [item.x1, item.y1, item.x2, item.y2];
      const state = `${setColor(item.stroke)}\\pgfsetlinewidth{${bp(item.width)}}${item.dash ? pgfDash(item.dash) : ''}`;
      return [{ state, path: runPath(r, unit), use: 'stroke', square: square(r), alone: item.dash !== undefined }];
    }
    case 'polyline': {
      const state = `${setColor(item.stroke)}\\pgfsetlinewidth{${bp(item.width)}}\\pgfsetroundjoin${item.dash ? pgfDash(item.dash) : ''}`;
      return runs(item.points).map((r) => ({ state, path: runPath(r, unit), use: 'stroke', square: square(r) }));
    }
    case 'circle': {
      const stroke = item.stroke ?? item.fill;
      return [
        {
          state: `${setColor(stroke)}${stroke === item.fill ? '' : `\\pgfsetfillcolor${tikzColor(item.fill)}`}`,
          path: `\\pgfpathcircle{${point(item.cx, item.cy, unit)}}{${length(item.r, unit)}}`,
          use: 'fill,stroke',
          square: false,
        },
      ];
    }
    case 'rect':
      return [
        {
          state: setColor(item.stroke),
          path: `\\pgfpathrectanglecorners{${point(item.x, item.y, unit)}}{${point(item.x + item.w, item.y + item.h, unit)}}`,
          use: 'stroke',
          square: true,
        },
      ];
    default:
      return item satisfies never;
  }
}

/** TikZ's outer sep of a node (half the 0.4 pt line width): its anchors lie this far outside the text. */
const OUTER_SEP = 0.2;

/**
 * A text set in box 0, placed as \node[anchor=…, inner sep=0pt] placed it:
 * the baseline's start (start), end (end) or middle (middle) at the point,
 * shifted by the node's outer sep; rotated, the bottom's middle. \pgftext
 * counts only part of its box in the picture's size, so the box is counted
 * whole as a node counts it, by a path that is not drawn.
 */
function text(item: Extract<SceneItem, { kind: 'text' }>, unit: number): string {
  const color = item.fill ? setColor(item.fill) : '';
  const size = item.size <= 10 ? '\\scriptsize' : '\\footnotesize';
  const box = `\\setbox0\\hbox{\\pgfinterruptpicture${color}${size} ${item.tex ?? latexText(item.text)}\\endpgfinterruptpicture}`;
  const sep = item.rotate ? -OUTER_SEP : item.anchor === 'start' ? OUTER_SEP : item.anchor === 'end' ? -OUTER_SEP : 0;
  const at = `\\pgftransformshift{\\pgfqpoint{${length(item.x, unit, sep)}}{${length(-item.y, unit)}}}`;
  const align = item.rotate
    ? '\\pgftransformrotate{90}\\pgftransformshift{\\pgfqpoint{+-.5\\wd0}{\\dp0}}'
    : item.anchor === 'end'
      ? '\\pgftransformxshift{+-\\wd0}'
      : item.anchor === 'middle'
        ? '\\pgftransformxshift{+-.5\\wd0}'
        : '';
  return `{${box}%\n${at}${align}\\pgfpathrectanglecorners{\\pgfqpoint{0pt}{-\\dp0}}{\\pgfqpoint{\\wd0}{\\ht0}}\\pgfusepath{}\\pgftext[base,left]{\\box0}}`;
}

/**
 * The scene as a tikzpicture of `widthPt` points' width (the figure's
 * pixels scaled, y flipped), for a document that loads tikz.
 */
export function tikzScene(scene: Scene, widthPt: number): string {
  const unit = Number((widthPt / scene.width).toFixed(4));
  const out: string[] = ['\\begin{tikzpicture}'];
  let open: (Part & { paths: string[] }) | undefined;
  const close = (): void => {
    if (open) out.push(`\\begin{pgfscope}${open.state}`, ...open.paths, `\\pgfusepath{${open.use}}\\end{pgfscope}`);
    open = undefined;
  };
  for (const item of scene.items) {
    if (item.kind === 'text') {
      close();
      out.push(text(item, unit));
      continue;
    }
    for (const p of parts(item, unit)) {
      if (open?.state !== p.state || open.use !== p.use || open.square !== p.square || open.alone || p.alone) {
        close();
        open = { ...p, paths: [] };
      }
      open.paths.push(p.path);
    }
  }
  close();
  out.push('\\end{tikzpicture}');
  return out.join('\n');
}
