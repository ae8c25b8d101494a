import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { ConsoleBuild, OssComponent } from '../contract/about';

interface PackageJson {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  licenses?: ({ type?: string } | string)[];
  homepage?: string;
  repository?: string | { url?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const readJson = (file: string): PackageJson => JSON.parse(fs.readFileSync(file, 'utf8')) as PackageJson;

/** The SPDX expression a package.json states: `license`, else the legacy `licenses` list. */
export function licenseOf(pkg: PackageJson): string {
  if (typeof pkg.license === 'string' && pkg.license.trim()) return pkg.license.trim();
  if (pkg.license && typeof pkg.license === 'object' && pkg.license.type) return pkg.license.type;
  const list = (pkg.licenses ?? []).map((l) => (typeof l === 'string' ? l : l.type)).filter((t): t is string => !!t);
  if (list.length) return list.length === 1 ? list[0] : `(${list.join(' OR ')})`;
  return 'UNKNOWN';
}

/** Where package.json states nothing: what a LICENSE file plainly is, said to come from the file. */
function licenseFileOf(dir: string): string {
  const file = fs.readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(f));
  if (!file) return 'UNKNOWN';
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  if (/Permission is hereby granted, free of charge/.test(text)) return 'MIT (LICENSE file)';
  if (/Redistribution and use in source and binary forms/.test(text)) return 'BSD (LICENSE file)';
  if (/Apache License/.test(text)) return 'Apache (LICENSE file)';
  return 'see LICENSE file';
}

function homepageOf(pkg: PackageJson): string | undefined {
  const raw = pkg.homepage ?? (typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url);
  if (!raw) return undefined;
  const url = raw.replace(/^git\+/, '').replace(/^git:\/\//, 'https://').replace(/\.git$/, '').replace(/^github:/, 'https://github.com/');
  if (/^[\w.-]+\/[\w.-]+$/.test(url)) return `https://github.com/${url}`;
  return /^https?:\/\//.test(url) ? url : undefined;
}

/** Node's lookup of `name` from a package folder: its own node_modules, then each folder above. */
function packageDir(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (path.basename(dir) !== 'node_modules') {
      const candidate = path.join(dir, 'node_modules', name);
      if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * The open-source components the product ships: the production dependency tree of `root`'s
 * package.json as installed (dependencies, optional ones present, required peers), each with the
 * licence its own package.json states. Development tools are not in it. Sorted by name, one entry
 * per name and version.
 */
export function collectOssComponents(root: string): OssComponent[] {
  const found = new Map<string, OssComponent>();
  const visited = new Set<string>();
  const visit = (name: string, from: string) => {
    const dir = packageDir(name, from);
    if (!dir || visited.has(dir)) return;
    visited.add(dir);
    const pkg = readJson(path.join(dir, 'package.json'));
    const stated = licenseOf(pkg);
    const component: OssComponent = { name: pkg.name ?? name, version: pkg.version ?? '', license: stated === 'UNKNOWN' ? licenseFileOf(dir) : stated };
    const homepage = homepageOf(pkg);
    if (homepage) component.homepage = homepage;
    found.set(`${component.name}@${component.version}`, component);
    const peers = Object.keys(pkg.peerDependencies ?? {}).filter((p) => !pkg.peerDependenciesMeta?.[p]?.optional);
    for (const dep of [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {}), ...peers]) visit(dep, dir);
  };
  for (const dep of Object.keys(readJson(path.join(root, 'package.json')).dependencies ?? {})) visit(dep, root);
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/**
 * The console's build: the package version, the build time (SOURCE_DATE_EPOCH for reproducible
 * builds) and the commit (NV_COMMIT, else git; `unknown` in a copy without git history).
 */
export function consoleBuild(root: string, env: NodeJS.ProcessEnv = process.env): ConsoleBuild {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  let commit = env.NV_COMMIT?.trim() || '';
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    } catch {
      commit = '';
    }
  }
  return {
    version: `v${readJson(path.join(root, 'package.json')).version ?? '0.0.0'}`,
    builtAt: new Date(Number.isFinite(epoch) && epoch > 0 ? epoch * 1000 : Date.now()).toISOString(),
    commit: /^[0-9a-f]{4,40}$/i.test(commit) ? commit : 'unknown',
  };
}

const BUILD = 'virtual:nv-build-info';
const OSS = 'virtual:nv-oss-components';

/**
 * `virtual:nv-build-info` (ConsoleBuild) and `virtual:nv-oss-components` (OssComponent[]) for
 * 版本信息 (src/features/admin/about/): written when the build (or the dev server) loads them, so
 * the list follows the installed packages and is never kept by hand.
 */
export function aboutPlugin(root = process.cwd()): Plugin {
  return {
    name: 'nv-about',
    resolveId(id) {
      return id === BUILD || id === OSS ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${BUILD}`) return `export default ${JSON.stringify(consoleBuild(root))};`;
      if (id === `\0${OSS}`) return `export default ${JSON.stringify(collectOssComponents(root))};`;
      return undefined;
    },
  };
}
