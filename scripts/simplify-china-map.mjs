#!/usr/bin/env node
/**
 * Thins public/maps/china.json for drawing speed while keeping shared borders shared.
 *
 *   node scripts/simplify-china-map.mjs public/maps/china.json public/maps/china.json 0.03
 *
 * The offline map draws every province's outline with a glow; ECharts' cost grows with the
 * points (16 k points took ~110 ms of a cold load's ~300 ms map draw in headless Chromium without
 * a GPU). Thinning each ring on its own would move a border differently in its two provinces and
 * draw it twice, so this is topology-preserving: a point where more than two distinct neighbours
 * meet (a border's end, where three regions touch) and each ring's first point are fixed; the
 * stretches between fixed points are thinned by Douglas-Peucker, each in one canonical direction,
 * so both provinces sharing a stretch get the same points. Rings never drop below 4 points.
 */
import fs from 'node:fs';

const [input, output, toleranceArg] = process.argv.slice(2);
const tolerance = Number(toleranceArg);
if (!input || !output || !(tolerance > 0)) {
  console.error('usage: node scripts/simplify-china-map.mjs <in.json> <out.json> <tolerance in degrees, e.g. 0.03>');
  process.exit(2);
}

const key = ([x, y]) => `${x},${y}`;

/** Indices kept by Douglas-Peucker between the first and last point of `pts` (both kept). */
function douglasPeucker(pts, eps) {
  const keep = new Uint8Array(pts.length);
  keep[0] = 1;
  keep[pts.length - 1] = 1;
  const stack = [[0, pts.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    const [x1, y1] = pts[a];
    const [x2, y2] = pts[b];
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = Math.hypot(dx, dy);
    let worst = 0;
    let at = -1;
    for (let i = a + 1; i < b; i++) {
      const [x, y] = pts[i];
      const d = len < 1e-12 ? Math.hypot(x - x1, y - y1) : Math.abs(dy * x - dx * y + x2 * y1 - y2 * x1) / len;
      if (d > worst) {
        worst = d;
        at = i;
      }
    }
    if (worst > eps && at > 0) {
      keep[at] = 1;
      stack.push([a, at], [at, b]);
    }
  }
  return pts.filter((_, i) => keep[i]);
}

/** The same stretch read from either end thins to the same points. */
function thinStretch(stretch, eps) {
  const forward = key(stretch[0]) <= key(stretch[stretch.length - 1]);
  const canonical = forward ? stretch : [...stretch].reverse();
  const thinned = douglasPeucker(canonical, eps);
  return forward ? thinned : thinned.reverse();
}

const json = JSON.parse(fs.readFileSync(input, 'utf8'));
const ringsOf = (g) => (g.type === 'Polygon' ? g.coordinates : g.coordinates.flat());

// Every distinct neighbour of every point, over all rings (a closed ring repeats its first point).
const neighbours = new Map();
for (const f of json.features) {
  for (const ring of ringsOf(f.geometry)) {
    const n = ring.length - 1;
    for (let i = 0; i < n; i++) {
      const set = neighbours.get(key(ring[i])) ?? new Set();
      set.add(key(ring[(i + n - 1) % n]));
      set.add(key(ring[(i + 1) % n]));
      neighbours.set(key(ring[i]), set);
    }
  }
}
const fixed = (p) => (neighbours.get(key(p))?.size ?? 0) > 2;

let before = 0;
let after = 0;
function thinRing(ring) {
  before += ring.length;
  const out = [ring[0]];
  let start = 0;
  for (let i = 1; i < ring.length; i++) {
    if (i === ring.length - 1 || fixed(ring[i])) {
      out.push(...thinStretch(ring.slice(start, i + 1), tolerance).slice(1));
      start = i;
    }
  }
  const result = out.length >= 4 ? out : ring;
  after += result.length;
  return result;
}

for (const f of json.features) {
  const g = f.geometry;
  g.coordinates = g.type === 'Polygon' ? g.coordinates.map(thinRing) : g.coordinates.map((poly) => poly.map(thinRing));
}
fs.writeFileSync(output, JSON.stringify(json));
console.log(`${before} -> ${after} points, ${fs.statSync(output).size} bytes`);
