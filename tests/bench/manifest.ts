import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';

/** A built console's chunk graph (vite's manifest): what a chunk loads, and how much that weighs. */
export function chunkGraph(distDir: string) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  /** `root` and every chunk it imports statically (what loads with it). */
  const closure = (root: string, into = new Set<string>()) => {
    if (into.has(root) || !manifest[root]) return into;
    into.add(root);
    for (const dep of manifest[root].imports ?? []) closure(dep, into);
    return into;
  };
  /** The chunks' JS, gzip, KB. */
  const gzipKb = (keys: Iterable<string>) => {
    let gzip = 0;
    for (const key of keys) gzip += gzipSync(fs.readFileSync(path.join(distDir, manifest[key].file))).length;
    return gzip / 1024;
  };
  return { manifest, closure, gzipKb, start: closure('index.html') };
}
