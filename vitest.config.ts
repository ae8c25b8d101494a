import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{contract,server,screens,src,kiosk,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'tests/e2e/**', 'tests/bench/**'],
    // Server tests each start a real server on a real database; keep CPU use sane on 2 cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
