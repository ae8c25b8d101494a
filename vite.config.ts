import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Where `npm run dev` forwards API and hub calls: the platform server started beside Vite. */
const apiTarget = `http://localhost:${process.env.API_PORT ?? 8080}`;

/** public/README.md documents the folder for developers; it is not served to browsers. */
function dropPublicReadme(): Plugin {
  let outDir = 'dist';
  return {
    name: 'nv-drop-public-readme',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      fs.rmSync(path.join(outDir, 'README.md'), { force: true });
    },
  };
}

export default defineConfig({
  plugins: [react(), dropPublicReadme()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph `npm run bench` measures /monitor's initial JS from.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/app-api': { target: apiTarget, changeOrigin: true },
      '/chatHub': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
