import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { aboutPlugin } from './scripts/about-plugin';

/** Where `npm run dev` forwards API and hub calls: the platform server started beside Vite. */
const apiTarget = `http://localhost:${process.env.API_PORT ?? 8080}`;

/**
 * After the build: drops the READMEs copied from public/ (they document the folders for developers
 * and are not served), then writes .br and .gz beside every compressible file, once, so the server
 * sends them (`preCompressed`) to browsers that accept them: walls on a slow LAN download a third
 * of the bytes and the server spends no CPU compressing.
 */
function finishBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'nv-finish-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true }) as string[];
      for (const file of files) {
        const full = path.join(outDir, file);
        if (path.basename(file) === 'README.md') {
          fs.rmSync(full, { force: true });
          continue;
        }
        if (!/\.(js|json|css|svg|html)$/.test(file) || file.startsWith('.vite')) continue;
        const data = fs.readFileSync(full);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The console routes a wall opens cold, with the lazy modules main.tsx loads for them at once.
 * Their chunks are listed in dist/route-preloads.json; the server names them in that route's
 * index.html as module preloads (server/http/route-preloads.ts), so they download while the
 * entry still runs. Keep in step with main.tsx's start-up for these routes.
 */
const COLD_ROUTES: Record<string, string[]> = {
  '/monitor': ['src/app/Console.tsx', 'src/features/monitor/MonitorPage.tsx', 'screens/widgets/coreWidgets.ts'],
};

function routePreloads(): Plugin {
  let base = '/';
  let root = process.cwd();
  return {
    name: 'nv-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (files: string[], into = new Set<string>()) => {
        for (const f of files) {
          if (into.has(f) || !byFile.has(f)) continue;
          into.add(f);
          closure(byFile.get(f)!.imports, into);
        }
        return into;
      };
      const loadedByEntry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const out: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(COLD_ROUTES)) {
        const files = modules.map((m) => {
          const chunk = chunks.find((c) => c.facadeModuleId === path.resolve(root, m));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${m}`);
          return chunk.fileName;
        });
        out[route] = [...closure(files)].filter((f) => !loadedByEntry.has(f)).map((f) => `${base}${f}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(out, null, 2)}\n` });
    },
  };
}

export default defineConfig({
  plugins: [react(), finishBuild(), routePreloads(), aboutPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph `npm run bench` measures /monitor's initial JS from.
    manifest: true,
    // The big chunks are the lazy ones on purpose (ECharts, three, exceljs, maxGraph), never on a
    // start-up path (npm run bench measures those): no warning for them on a newcomer's screen.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      // maxGraph evaluates its own cell-style expressions with eval: the vendor's code, not ours.
      onLog(level, log, handler) {
        if (log.code === 'EVAL' && log.id?.includes('@maxgraph')) return;
        handler(level, log);
      },
      output: {
        // Fewer, larger chunks on the way to a page. Left alone, every module two lazy pages share
        // becomes its own chunk: /monitor cold loaded 31 scripts, some of 100 bytes, and on
        // HTTP/1.1's six connections its data reads queued behind them (~400 ms of its start).
        // - boot: what the entry loads at once is one chunk with it, not eight.
        // - console-shared: the console's shared code (src/shared, the screen runtime) is one
        //   chunk every signed-in page loads once (with the live-instance counters, the message
        //   API and contract/enums.ts, a few hundred bytes each, which the widgets and the admin
        //   chunk share); heavy libraries (ECharts, three, maxGraph) stay in the lazy chunks of
        //   the widgets and pages that use them.
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 2 },
            // With the few-byte modules that several lazy chunks share (each was a request of its own).
            {
              name: 'console-shared',
              test: /[\\/](src[\\/]shared[\\/]|screens[\\/]runtime[\\/]|screens[\\/]widgets[\\/]shared[\\/]liveInstances\.ts|contract[\\/]enums\.ts|src[\\/]features[\\/]messages[\\/](messageApi|describeMessage)\.ts)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/app-api': { target: apiTarget, changeOrigin: true },
      '/chatHub': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
