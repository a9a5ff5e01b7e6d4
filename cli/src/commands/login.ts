import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ApiClient } from '../api-client';
import { ApiError } from '../api-client';
import { CliError } from '../cli-error';
import { configFile, removeLogin, writeLogin } from '../config-store';
import { print } from '../output';

/**
 * `atelier login`: checks the site and token with an admin call, then keeps them for later commands
 * in the user's config dir, readable by the user only.
 */
export async function login(client: ApiClient, token: string, tokenFile?: string): Promise<void> {
  try {
    await client.get('/admin/workers');
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN')) {
      throw new CliError(`the API at ${client.baseUrl} refused that admin token; nothing was saved`);
    }
    throw error;
  }
  const file = configFile();
  writeLogin({ apiUrl: client.baseUrl, token }, file);
  // Never the token itself: a terminal's scrollback and a shared screen keep what is printed.
  print(`Logged in to ${client.baseUrl}${tokenFile ? ` with the admin token in ${tokenFile}` : ''}; saved in ${file}`);
}

/** What a site running from `dataDir` wrote there: its admin token (unless ADMIN_TOKEN gave it) and the address it answers at. */
export interface LocalSite {
  url?: string;
  token?: string;
  tokenFile?: string;
}

/** Reads the site's files in `dataDir`, those that are needed; a token asked for and not there is a clear failure. */
export function localSite(dataDir: string, { needToken, needUrl }: { needToken: boolean; needUrl: boolean }): LocalSite {
  const read = (name: string) => {
    try {
      return fs.readFileSync(path.join(dataDir, name), 'utf8').trim() || undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new CliError(`cannot read ${path.join(dataDir, name)}: ${(error as Error).message}`);
    }
  };
  const site: LocalSite = {};
  if (needUrl) site.url = read('site-url');
  if (needToken) {
    site.tokenFile = path.join(dataDir, 'admin-token');
    site.token = read('admin-token');
    if (!site.token) {
      throw new CliError(
        `no admin token given, and none in ${site.tokenFile}: run this where the site keeps its data (--data-dir DIR), or pass --token (a site given ADMIN_TOKEN keeps no file)`,
      );
    }
  }
  return site;
}

/** `atelier logout`: forgets the stored site and token. */
export function logout(): void {
  const file = configFile();
  print(removeLogin(file) ? `Logged out; removed ${file}` : `Not logged in (no ${file})`);
}
