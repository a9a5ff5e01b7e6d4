import { execFile } from 'node:child_process';
import * as path from 'node:path';

const CLI = path.resolve(__dirname, '../../cli/dist/index.js');

export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** The built `atelier` CLI against the e2e server, with its admin token (playwright.config.ts). */
export function atelier(baseURL: string, args: string[]): Promise<CliRun> {
  const token = process.env.E2E_ADMIN_TOKEN ?? '';
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, '--api', baseURL, '--token', token, ...args], { timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ exitCode: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}
