import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** What `atelier login` keeps: the site and its admin token. */
export interface StoredLogin {
  apiUrl: string;
  token: string;
}

/**
 * The login file: $ATELIER_CONFIG_DIR, else the user's config dir ($XDG_CONFIG_HOME or ~/.config on
 * Unix, %APPDATA% on Windows), then atelier/config.json.
 */
export function configFile(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.ATELIER_CONFIG_DIR ||
    (process.platform === 'win32' && env.APPDATA ? path.join(env.APPDATA, 'atelier') : path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'atelier'));
  return path.join(base, 'config.json');
}

/** The stored login, or undefined when there is none; a file that is not one is an error naming it. */
export function readLogin(file = configFile()): StoredLogin | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
  let value: Partial<StoredLogin>;
  try {
    value = JSON.parse(text) as Partial<StoredLogin>;
  } catch {
    throw new Error(`${file} is not JSON; run atelier logout, then atelier login`);
  }
  if (typeof value?.apiUrl !== 'string' || typeof value.token !== 'string') {
    throw new Error(`${file} has no apiUrl and token; run atelier logout, then atelier login`);
  }
  return { apiUrl: value.apiUrl, token: value.token };
}

/** Writes the login readable by the user only (0600), replacing the file whole so it is never half-written. */
export function writeLogin(login: StoredLogin, file = configFile()): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(temporary, 0o600); // the umask may have taken bits off, never added
  fs.renameSync(temporary, file);
}

/** Removes the stored login; false when there was none. */
export function removeLogin(file = configFile()): boolean {
  try {
    fs.unlinkSync(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
