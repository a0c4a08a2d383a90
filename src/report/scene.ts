// A figure as data: lines, polylines, circles and text in pixel coordinates
// (y down, as in SVG), printed once as SVG for the HTML report and once as
// TikZ for the LaTeX report, so the web page and the PDF draw the same
// figure (scene-tikz.ts prints the TikZ). Every number is printed to 0.1 px: docs/reports/ is committed and checked
// for staleness byte for byte.
// Tests: test/report/scene.test.ts.

interface Styled {
  /** CSS class in SVG (also what the animation script looks elements up by). */
  readonly cls?: string;
  /** Extra SVG attributes, e.g. data-point="hip" (SVG only). */
  readonly attrs?: Readonly<Record<string, string>>;
  /** Tooltip in SVG. */
  readonly title?: string;
}

export interface SceneLine extends Styled {
  readonly kind: 'line';
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly stroke: string;
  readonly width: number;
  /** SVG dash pattern in px, e.g. "4 2". */
  readonly dash?: string;
}

export interface ScenePolyline extends Styled {
  readonly kind: 'polyline';
  /** x₀, y₀, x₁, y₁, …; a NaN pair breaks the line. */
  readonly points: readonly number[];
  readonly stroke: string;
  readonly width: number;
  /** As a line's. */
  readonly dash?: string;
}

export interface SceneCircle extends Styled {
  readonly kind: 'circle';
  readonly cx: number;
  readonly cy: number;
  readonly r: number;
  readonly fill: string;
  readonly stroke?: string;
}

export interface SceneRect extends Styled {
  readonly kind: 'rect';
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly stroke: string;
}

export interface SceneText extends Styled {
  readonly kind: 'text';
  readonly x: number;
  readonly y: number;
  /** Plain text (SVG). */
  readonly text: string;
  /** The same in LaTeX (TikZ); absent: the plain text escaped. */
  readonly tex?: string;
  readonly anchor: 'start' | 'middle' | 'end';
  readonly size: number;
  readonly rotate?: boolean;
  readonly fill?: string;
}

export type SceneItem = SceneLine | ScenePolyline | SceneCircle | SceneRect | SceneText;

export interface Scene {
  readonly id: string;
  /** SVG class of the whole figure ("plot", "sketch"). */
  readonly cls: string;
  /** Accessible title. */
  readonly title: string;
  readonly width: number;
  readonly height: number;
  /** The view box's top left corner (default 0, 0): a label past the figure's left or top edge. */
  readonly x0?: number;
  readonly y0?: number;
  readonly items: readonly SceneItem[];
  /**
   * The same figure laid out for a phone's column (fewer ticks, a narrower
   * frame, so that its text is drawn at its own size there): the web page
   * shows it instead below 40rem (render-html.ts), the PDF never.
   */
  readonly narrow?: Scene;
}

/** An item's pixel box; a text's from its size (sans-serif: 0.6 em a character, 0.8 em above the baseline, 0.25 em below). */
export function itemExtent(item: SceneItem): { xMin: number; xMax: number; yMin: number; yMax: number } {
  switch (item.kind) {
    case 'line':
      return { xMin: Math.min(item.x1, item.x2), xMax: Math.max(item.x1, item.x2), yMin: Math.min(item.y1, item.y2), yMax: Math.max(item.y1, item.y2) };
    case 'polyline': {
      const xs = item.points.filter((_, i) => i % 2 === 0 && Number.isFinite(item.points[i]!) && Number.isFinite(item.points[i + 1]!));
      const ys = item.points.filter((_, i) => i % 2 === 1 && Number.isFinite(item.points[i]!) && Number.isFinite(item.points[i - 1]!));
      return { xMin: Math.min(...xs), xMax: Math.max(...xs), yMin: Math.min(...ys), yMax: Math.max(...ys) };
    }
    case 'circle':
      return { xMin: item.cx - item.r, xMax: item.cx + item.r, yMin: item.cy - item.r, yMax: item.cy + item.r };
    case 'rect':
      return { xMin: item.x, xMax: item.x + item.w, yMin: item.y, yMax: item.y + item.h };
    case 'text': {
      const w = 0.6 * item.size * [...item.text].length;
      const along = item.anchor === 'start' ? [0, w] : item.anchor === 'end' ? [-w, 0] : [-w / 2, w / 2];
      const across = [-0.8 * item.size, 0.25 * item.size];
      // Rotated a quarter turn counter-clockwise: the text runs up from its anchor.
      return item.rotate
        ? { xMin: item.x + across[0]!, xMax: item.x + across[1]!, yMin: item.y - along[1]!, yMax: item.y - along[0]! }
        : { xMin: item.x + along[0]!, xMax: item.x + along[1]!, yMin: item.y + across[0]!, yMax: item.y + across[1]! };
    }
    default:
      return item satisfies never;
  }
}

/** The scene with its view box grown (by whole pixels, 2 px to spare) to hold every item, labels included. */
export function fitted(scene: Scene): Scene {
  let [xMin, xMax, yMin, yMax] = [0, scene.width, 0, scene.height];
  for (const item of scene.items) {
    const e = itemExtent(item);
    if (!Number.isFinite(e.xMin) || !Number.isFinite(e.yMin)) continue;
    xMin = Math.min(xMin, Math.floor(e.xMin - 2));
    xMax = Math.max(xMax, Math.ceil(e.xMax + 2));
    yMin = Math.min(yMin, Math.floor(e.yMin - 2));
    yMax = Math.max(yMax, Math.ceil(e.yMax + 2));
  }
  return { ...scene, x0: xMin, y0: yMin, width: xMax - xMin, height: yMax - yMin };
}

/** Fixed-precision number ("-0.0" normalized). */
export function px(v: number): string {
  const s = v.toFixed(1);
  return s === '-0.0' ? '0.0' : s;
}

/**
 * A label's text with each "_X" or "_{…}" (plainSymbol's m_H, N_{i+1}) as a subscript: lowered and smaller, the
 * text after it raised back. dy, not baseline-shift, which Firefox ignores.
 */
export function svgText(text: string, size: number): string {
  const parts = text.split(/_(\{[^}]*\}|[A-Za-z0-9]+)/);
  if (parts.length === 1) return escapeXml(text);
  const shift = Number((0.3 * size).toFixed(1));
  let lowered = false;
  let out = '';
  parts.forEach((part, i) => {
    if (i % 2 === 1) {
      out += `<tspan${lowered ? '' : ` dy="${shift}"`} font-size="${Number((0.75 * size).toFixed(1))}">${escapeXml(part.replace(/^\{(.*)\}$/, '$1'))}</tspan>`;
      lowered = true;
    } else if (part !== '') {
      out += lowered ? `<tspan dy="${-shift}">${escapeXml(part)}</tspan>` : escapeXml(part);
      lowered = false;
    }
  });
  return out;
}

export const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The polyline's points split at NaN pairs (a gap in the data). */
export function runs(points: readonly number[]): number[][] {
  const out: number[][] = [[]];
  for (let i = 0; i + 1 < points.length; i += 2) {
    const x = points[i]!;
    const y = points[i + 1]!;
    if (Number.isFinite(x) && Number.isFinite(y)) out[out.length - 1]!.push(x, y);
    else if (out[out.length - 1]!.length) out.push([]);
  }
  return out.filter((r) => r.length >= 4);
}

// ---------------------------------------------------------------- SVG
function svgAttrs(item: Styled): string {
  const cls = item.cls ? ` class="${item.cls}"` : '';
  const extra = Object.entries(item.attrs ?? {})
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  return cls + extra;
}

const svgTitle = (item: Styled): string => (item.title ? `<title>${escapeXml(item.title)}</title>` : '');

function svgItem(item: SceneItem): string {
  switch (item.kind) {
    case 'line': {
      const dash = item.dash ? ` stroke-dasharray="${item.dash}"` : '';
      const body = svgTitle(item);
      const open = `<line${svgAttrs(item)} x1="${px(item.x1)}" y1="${px(item.y1)}" x2="${px(item.x2)}" y2="${px(item.y2)}" stroke="${item.stroke}" stroke-width="${item.width}"${dash}`;
      return body ? `${open}>${body}</line>` : `${open}/>`;
    }
    case 'polyline': {
      const dash = item.dash ? ` stroke-dasharray="${item.dash}"` : '';
      return runs(item.points)
        .map((r) => {
          const pts: string[] = [];
          for (let i = 0; i < r.length; i += 2) pts.push(`${px(r[i]!)},${px(r[i + 1]!)}`);
          return `<polyline${svgAttrs(item)} fill="none" stroke="${item.stroke}" stroke-width="${item.width}" stroke-linejoin="round"${dash} points="${pts.join(' ')}"/>`;
        })
        .join('\n');
    }
    case 'circle': {
      const stroke = item.stroke ? ` stroke="${item.stroke}" stroke-width="1.2"` : '';
      return `<circle${svgAttrs(item)} cx="${px(item.cx)}" cy="${px(item.cy)}" r="${px(item.r)}" fill="${item.fill}"${stroke}>${svgTitle(item)}</circle>`;
    }
    case 'rect':
      return `<rect${svgAttrs(item)} x="${px(item.x)}" y="${px(item.y)}" width="${px(item.w)}" height="${px(item.h)}" fill="none" stroke="${item.stroke}" stroke-width="1"/>`;
    case 'text': {
      const where = item.rotate ? `transform="translate(${px(item.x)} ${px(item.y)}) rotate(-90)"` : `x="${px(item.x)}" y="${px(item.y)}"`;
      return `<text${svgAttrs(item)} ${where} text-anchor="${item.anchor}" font-size="${item.size}"${item.fill ? ` fill="${item.fill}"` : ''}>${svgText(item.text, item.size)}</text>`;
    }
    default:
      return item satisfies never;
  }
}

/** The scene as a standalone <svg> element; with a narrow layout, both (classes "wide" and "narrow"). */
export function svgScene(scene: Scene): string {
  if (scene.narrow)
    return [svgScene({ ...scene, cls: `${scene.cls} wide`, narrow: undefined }), svgScene({ ...scene.narrow, cls: `${scene.cls} narrow` })].join('\n');
  return [
    `<svg class="${scene.cls}" id="${scene.id}" xmlns="http://www.w3.org/2000/svg" viewBox="${scene.x0 ?? 0} ${scene.y0 ?? 0} ${scene.width} ${scene.height}" width="${scene.width}" height="${scene.height}" role="img" aria-labelledby="${scene.id}-title" font-family="sans-serif">`,
    `<title id="${scene.id}-title">${escapeXml(scene.title)}</title>`,
    ...scene.items.map(svgItem),
    '</svg>',
  ].join('\n');
}
