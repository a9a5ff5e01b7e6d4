import type { ApiClient } from '../api-client';
import { ApiError } from '../api-client';
import { CliError } from '../cli-error';
import { configFile, removeLogin, writeLogin } from '../config-store';
import { print } from '../output';

/**
 * `atelier login`: checks the site and token with an admin call, then keeps them for later commands
 * in the user's config dir, readable by the user only.
 */
export async function login(client: ApiClient, token: string): Promise<void> {
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
  print(`Logged in to ${client.baseUrl}; saved in ${file}`);
}

/** `atelier logout`: forgets the stored site and token. */
export function logout(): void {
  const file = configFile();
  print(removeLogin(file) ? `Logged out; removed ${file}` : `Not logged in (no ${file})`);
}
