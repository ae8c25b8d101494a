import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { report } from './report';

/**
 * Initial JS of the login page: the entry module and its modulepreloads as index.html lists them,
 * gzipped (what a kiosk downloads before anything lazy).
 */
export function benchLoginBundle(distDir: string): void {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]);
  let gzip = 0;
  for (const url of new Set(urls)) gzip += gzipSync(fs.readFileSync(path.join(distDir, url))).length;
  report('login-page-initial-js-gzip', gzip / 1024, 'KB', { max: 120 });
}
