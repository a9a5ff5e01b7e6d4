import { defineConfig, devices } from '@playwright/test';
import { secondOriginOf } from './support/second-origin';

const port = Number(process.env.E2E_PORT || 3100);
// The server's admin token, known to the specs that drive the atelier CLI (support/atelier-cli.ts).
process.env.E2E_ADMIN_TOKEN ||= 'e2e-admin-token-0123456789abcdef';
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two cores: one browser per core, the server shares them.
  workers: 2,
  timeout: 30_000,
  // Two browsers, the server and its picture resizing share two cores: a client-rendered page such
  // as /matrix (sign-in check, member, friends, feed: four renders) has been seen to take over 5 s.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          // Debian's Chromium: Playwright's own browser download is not available here.
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node support/start-server.mjs',
    url: `${baseURL}/api/health`,
    // CORS_ORIGINS: the specs that run another site's client call the API from a second origin.
    env: { E2E_PORT: String(port), E2E_ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN, CORS_ORIGINS: secondOriginOf(baseURL) },
    reuseExistingServer: false,
    timeout: 120_000, // a first start migrates and seeds (the demo pictures are drawn after it answers)
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM (not SIGKILL) so the start script can delete its temporary data dir.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
