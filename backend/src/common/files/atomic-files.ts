import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/**
 * Writes `file` under a hidden temporary name in the same folder, then renames it into place: a
 * reader (in this or another process sharing the folder) never sees half a file, and the static
 * handlers never serve the temporary one (dot files are denied). `fill` writes the temporary file
 * when the bytes come from elsewhere (a copy); a failed write leaves nothing behind.
 */
export async function writeFileAtomically(
  file: string,
  data: Buffer | ((temporary: string) => Promise<void>),
): Promise<void> {
  const folder = path.dirname(file);
  await fs.mkdir(folder, { recursive: true });
  const temporary = path.join(folder, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.partial`);
  try {
    if (typeof data === 'function') await data(temporary);
    else await fs.writeFile(temporary, data, { mode: 0o644 });
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

/** The file's bytes, or undefined when there is no such file. */
export async function readFileIfExists(file: string): Promise<Buffer | undefined> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
