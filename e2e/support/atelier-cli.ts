import { runCli, type CliRun } from '../../cli/test/helpers/built-cli';

/** The built `atelier` CLI against the e2e server, with its admin token (playwright.config.ts). */
export function atelier(baseURL: string, args: string[]): Promise<CliRun> {
  return runCli(['--api', baseURL, '--token', process.env.E2E_ADMIN_TOKEN ?? '', ...args]);
}
