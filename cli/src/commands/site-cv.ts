import * as path from 'node:path';
import type { SiteProfile } from '@atelier/contracts';
import type { Command } from 'commander';
import type { ApiClient } from '../api-client';
import { CliError, EXIT_USAGE } from '../cli-error';
import { printResult } from '../output';
import type { ClientFor, Examples } from './command-kit';
import { readLocalFile } from './content-fields';

/** A 10 MiB PDF over a slow uplink takes longer than a JSON call's 10 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** The PDF's bytes; a file that cannot be read, or is not a PDF, is refused before anything is sent. */
function readPdf(file: string): Buffer {
  const bytes = readLocalFile(file);
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new CliError(`${file} is not a PDF file`);
  return bytes;
}

/** Uploads a PDF from disk as the CV the profile card offers; answers the card. */
export async function sendCv(client: ApiClient, file: string): Promise<SiteProfile> {
  const form = new FormData();
  // The site names the download after the file: `Ada Lovelace CV.pdf` is saved as Ada-Lovelace-CV.pdf.
  form.set('cv', new Blob([readPdf(file)], { type: 'application/pdf' }), path.basename(file));
  return (await client.post('/admin/content/site/cv', { form, timeoutMs: UPLOAD_TIMEOUT_MS })).body;
}

/** `atelier site cv <file>` and `atelier site cv --remove`: the CV the profile card offers for download. Registered under `site`. */
export function registerSiteCvCommand(site: Command, clientFor: ClientFor, examples: Examples): void {
  site
    .command('cv [file]')
    .description('upload a PDF as the CV the profile card offers for download (it replaces the one there), or take it off with --remove')
    .option('--remove', 'take the CV off the profile card (an uploaded one is deleted)')
    .option('--json', 'print the profile card as JSON')
    .addHelpText('after', examples('atelier site cv ./Ada-Lovelace-CV.pdf', 'atelier site cv --remove'))
    .action(async (file: string | undefined, options: { remove?: boolean; json?: boolean }, command: Command) => {
      if (Boolean(file) === Boolean(options.remove)) throw new CliError('give the PDF to upload, or --remove (one of them)', EXIT_USAGE);
      const client = clientFor(command);
      if (options.remove) {
        const { body: profile } = await client.delete('/admin/content/site/cv');
        return printResult(profile, options, () => 'Removed the CV from the profile card');
      }
      const profile = await sendCv(client, file!);
      printResult(profile, options, () => `Uploaded ${file}: the profile card offers it as ${profile.cv}`);
    });
}
