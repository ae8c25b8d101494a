#!/usr/bin/env node
/**
 * One-off: turns the China map of the Apache-2.0 `echarts@4.9.0` package (map/json/china.json, a
 * "UTF8Encoding" compressed GeoJSON) into the plain, small GeoJSON served as public/maps/china.json.
 *
 *   cd /tmp && npm pack echarts@4.9.0 && tar xzf echarts-4.9.0.tgz package/map/json/china.json
 *   node scripts/decode-china-map.mjs /tmp/package/map/json/china.json public/maps/china.json
 *
 * Coordinates are rounded to 3 decimals, the encoding's own precision (1/1024°). The source is
 * already simplified (points lie further apart than 0.02°); scripts/simplify-china-map.mjs thins
 * it further, keeping shared borders shared (a per-ring thinning would split the borders the
 * widgets draw as glowing lines).
 */
import fs from 'node:fs';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/decode-china-map.mjs <echarts china.json> <out.json>');
  process.exit(2);
}

/** ECharts' decoder: zigzag-encoded deltas, two characters per point, offset by 64. */
function decodeRing(text, offsets, scale) {
  const ring = [];
  let prevX = offsets[0];
  let prevY = offsets[1];
  for (let i = 0; i < text.length; i += 2) {
    let x = text.charCodeAt(i) - 64;
    let y = text.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    x += prevX;
    y += prevY;
    prevX = x;
    prevY = y;
    ring.push([x / scale, y / scale]);
  }
  return ring;
}

const round = (v) => Math.round(v * 1000) / 1000;

const roundRing = (ring) => ring.map(([x, y]) => [round(x), round(y)]);

const json = JSON.parse(fs.readFileSync(input, 'utf8'));
const scale = json.UTF8Scale ?? 1024;
let points = 0;
const features = json.features.map((f) => {
  const g = f.geometry;
  const enc = g.encodeOffsets;
  const decode = (text, offsets) => (json.UTF8Encoding ? decodeRing(text, offsets, scale) : text);
  const coordinates = g.type === 'Polygon'
    ? g.coordinates.map((ring, i) => roundRing(decode(ring, enc?.[i])))
    : g.coordinates.map((poly, i) => poly.map((ring, j) => roundRing(decode(ring, enc?.[i]?.[j]))));
  for (const ring of g.type === 'Polygon' ? coordinates : coordinates.flat()) points += ring.length;
  const { name, cp } = f.properties;
  return {
    type: 'Feature',
    properties: cp ? { name, cp: cp.map(round) } : { name },
    geometry: { type: g.type, coordinates },
  };
});

fs.writeFileSync(output, JSON.stringify({ type: 'FeatureCollection', features }));
console.log(`${features.length} features, ${points} points, ${fs.statSync(output).size} bytes -> ${output}`);
