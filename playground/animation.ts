// The animated sketch: the run's frames (sketch-data.ts) drawn on a canvas
// in real time, with play/pause and a time slider that seeks.
import type { Line, Sketch } from './sketch-data.js';

/** Bounds of every frame, padded and never flat, with the ground lines' visible part. */
function bounds(s: Sketch): { x0: number; x1: number; y0: number; y1: number } {
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (const xy of s.xy) {
    for (let k = 0; k < xy.length; k += 2) {
      const r = s.discs.find((d) => d.center === k / 2)?.radius ?? 0;
      x0 = Math.min(x0, xy[k]! - r); x1 = Math.max(x1, xy[k]! + r);
      y0 = Math.min(y0, xy[k + 1]! - r); y1 = Math.max(y1, xy[k + 1]! + r);
    }
  }
  if (!Number.isFinite(x0)) return { x0: -1, x1: 1, y0: -1, y1: 1 };
  const pad = 0.12 * Math.max(x1 - x0, y1 - y0, 1e-3);
  return { x0: x0 - pad, x1: x1 + pad, y0: y0 - pad, y1: y1 + pad };
}

export class Player {
  private sketch: Sketch | undefined;
  private t: readonly number[] = [];
  private frame = 0;
  private playing = false;
  private startWall = 0;
  private startT = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly slider: HTMLInputElement,
    private readonly button: HTMLButtonElement,
    private readonly clock: HTMLOutputElement,
  ) {
    button.addEventListener('click', () => (this.playing ? this.pause() : this.play()));
    slider.addEventListener('input', () => {
      this.pause();
      this.draw(Number(slider.value));
    });
  }

  /** A new run: keep playing if it was, from the same time. */
  load(sketch: Sketch | undefined, t: readonly number[]): void {
    const at = this.t[this.frame] ?? 0;
    this.sketch = sketch;
    this.t = t;
    this.slider.max = String(Math.max(t.length - 1, 0));
    const i = t.findIndex((x) => x >= at);
    this.draw(i < 0 ? 0 : i);
    if (this.playing) this.play();
  }

  play(): void {
    if (this.t.length < 2) return;
    if (this.frame >= this.t.length - 1) this.frame = 0;
    this.playing = true;
    this.button.textContent = 'Pause';
    this.startWall = performance.now();
    this.startT = this.t[this.frame]!;
    requestAnimationFrame(this.tick);
  }

  pause(): void {
    this.playing = false;
    this.button.textContent = 'Play';
  }

  private readonly tick = (now: number): void => {
    if (!this.playing) return;
    const target = this.startT + (now - this.startWall) / 1000;
    let i = this.frame;
    while (i < this.t.length - 1 && this.t[i + 1]! <= target) i++;
    this.draw(i);
    if (i >= this.t.length - 1) this.pause();
    else requestAnimationFrame(this.tick);
  };

  private draw(i: number): void {
    this.frame = i;
    this.slider.value = String(i);
    this.clock.value = `t = ${(this.t[i] ?? 0).toFixed(3)} s`;
    const ctx = this.canvas.getContext('2d')!;
    const { width: W, height: H } = this.canvas;
    ctx.clearRect(0, 0, W, H);
    const s = this.sketch;
    if (!s) {
      ctx.fillStyle = '#777';
      ctx.fillText('No drawing: declare `drawing` (or particles) in the model.', 10, 20);
      return;
    }
    const b = bounds(s);
    const k = Math.min(W / (b.x1 - b.x0), H / (b.y1 - b.y0));
    const ox = (W - k * (b.x1 - b.x0)) / 2, oy = (H - k * (b.y1 - b.y0)) / 2;
    const X = (x: number): number => ox + k * (x - b.x0);
    const Y = (y: number): number => H - oy - k * (y - b.y0);
    for (const g of s.ground) this.ground(ctx, g, b, X, Y);
    const xy = s.xy[i]!;
    ctx.strokeStyle = '#1d1d1d';
    ctx.lineWidth = 3;
    for (const [a, c] of s.segments) {
      ctx.beginPath();
      ctx.moveTo(X(xy[2 * a]!), Y(xy[2 * a + 1]!));
      ctx.lineTo(X(xy[2 * c]!), Y(xy[2 * c + 1]!));
      ctx.stroke();
    }
    ctx.lineWidth = 1.5;
    for (const d of s.discs) {
      ctx.beginPath();
      ctx.arc(X(xy[2 * d.center]!), Y(xy[2 * d.center + 1]!), k * d.radius, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.fillStyle = '#0072b2';
    s.names.forEach((name, p) => {
      ctx.beginPath();
      ctx.arc(X(xy[2 * p]!), Y(xy[2 * p + 1]!), 4, 0, 2 * Math.PI);
      ctx.fill();
      ctx.fillText(name, X(xy[2 * p]!) + 7, Y(xy[2 * p + 1]!) - 6);
    });
  }

  /** A fixed line a·x + b·y + c = 0 across the view, the solid side (a·x + b·y + c < 0) shaded. */
  private ground(ctx: CanvasRenderingContext2D, g: Line, b: { x0: number; x1: number; y0: number; y1: number }, X: (x: number) => number, Y: (y: number) => number): void {
    const pts = Math.abs(g.b) > Math.abs(g.a)
      ? [b.x0, b.x1].map((x) => [x, -(g.a * x + g.c) / g.b] as const)
      : [b.y0, b.y1].map((y) => [-(g.b * y + g.c) / g.a, y] as const);
    const [p, q] = pts as [readonly [number, number], readonly [number, number]];
    // The solid side: step from the line's middle along −(a, b).
    const n = Math.hypot(g.a, g.b), depth = 0.06 * (b.x1 - b.x0);
    const dx = (-g.a / n) * depth, dy = (-g.b / n) * depth;
    ctx.fillStyle = '#e6e1d6';
    ctx.beginPath();
    ctx.moveTo(X(p[0]), Y(p[1]));
    ctx.lineTo(X(q[0]), Y(q[1]));
    ctx.lineTo(X(q[0] + dx), Y(q[1] + dy));
    ctx.lineTo(X(p[0] + dx), Y(p[1] + dy));
    ctx.fill();
    ctx.strokeStyle = '#555';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(X(p[0]), Y(p[1]));
    ctx.lineTo(X(q[0]), Y(q[1]));
    ctx.stroke();
  }
}
