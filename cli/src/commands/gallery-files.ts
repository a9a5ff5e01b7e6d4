import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Command } from 'commander';
import { ApiError } from '../api-client';
import { CliError } from '../cli-error';
import { print, printResult, progressBar, renderJson } from '../output';
import { readJsonFile } from '../json-file';
import type { ClientFor, Examples } from './command-kit';

/** The gallery item fields this file needs (the admin API's AdminGalleryItem). */
interface GalleryItem {
  id: string;
  img: string;
  title: string;
  author: string;
  contentHash: string | null;
}

/** manifest.json in a gallery folder: which picture file has which title (model) and author. */
export interface GalleryManifest {
  atelier: 'gallery';
  version: 1;
  items: Array<{ file: string; title?: string; author?: string }>;
}

export const MANIFEST_FILE = 'manifest.json';
const PICTURE_FILE = /\.(jpe?g|png)$/i;
const UPLOAD_PATH = '/admin/content/gallery/upload';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const slugOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'picture';

interface ImportOptions {
  title?: string;
  author?: string;
  json?: boolean;
}

/** The pictures to import: the manifest's, or every JPEG and PNG of the folder with --title/--author. */
function picturesOf(dir: string, options: ImportOptions): Array<{ file: string; title: string; author: string }> {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new CliError(`${dir} is not a folder`);
  const manifestFile = path.join(dir, MANIFEST_FILE);
  const manifest = fs.existsSync(manifestFile) ? (readJsonFile(manifestFile, 'expected an atelier gallery manifest') as Partial<GalleryManifest> | null) : undefined;
  if (manifest !== undefined && (manifest?.atelier !== 'gallery' || !Array.isArray(manifest.items))) {
    throw new CliError(`${manifestFile} is not an atelier gallery manifest (write one with atelier gallery export)`);
  }
  const entries: GalleryManifest['items'] =
    manifest?.items ?? fs.readdirSync(dir).filter((name) => PICTURE_FILE.test(name)).sort().map((file) => ({ file }));
  return entries.map((entry, index) => {
    const file = typeof entry.file === 'string' ? entry.file : '';
    // A manifest names files in its own folder, never elsewhere.
    if (!file || path.basename(file) !== file) throw new CliError(`${manifestFile} item ${index + 1}: file must be a file name in ${dir}`);
    const title = entry.title ?? options.title;
    const author = entry.author ?? options.author;
    if (!title || !author) throw new CliError(`${file} has no ${title ? 'author' : 'title'}: give --${title ? 'author' : 'title'} or list it in ${MANIFEST_FILE}`);
    return { file, title, author };
  });
}

export function registerGalleryFileCommands(gallery: Command, clientFor: ClientFor, examples: Examples): void {
  gallery
    .command('import <dir>')
    .description(`upload every picture of a folder (titles and authors from its ${MANIFEST_FILE}, or the flags), skipping those the gallery has`)
    .option('--title <model>', 'the title (the model that made them) of pictures the manifest does not name')
    .option('--author <name>', 'their author')
    .option('--json', 'print the summary as JSON')
    .addHelpText('after', examples('atelier gallery import ./renders --title "Stable Diffusion 1.5" --author @me', 'atelier gallery import ./exported-gallery'))
    .action(async (dir: string, options: ImportOptions, command: Command) => {
      const pictures = picturesOf(dir, options);
      const client = clientFor(command);
      const { body: existing } = await client.get<GalleryItem[]>('/admin/content/gallery');
      const known = new Set(existing.map((item) => item.contentHash).filter(Boolean));
      const summary = { added: 0, skipped: 0, failed: [] as Array<{ file: string; reason: string }> };
      const progress = progressBar(pictures.length, 'Importing');
      try {
        for (const picture of pictures) {
          const bytes = fs.readFileSync(path.join(dir, picture.file));
          const hash = sha256(bytes);
          if (known.has(hash)) {
            summary.skipped += 1;
          } else {
            const form = new FormData();
            form.set('title', picture.title);
            form.set('author', picture.author);
            form.set('picture', new Blob([bytes]), picture.file);
            try {
              await client.postForm(UPLOAD_PATH, form);
              summary.added += 1;
              known.add(hash);
            } catch (error) {
              if (!(error instanceof ApiError)) throw error;
              if (error.code === 'CONFLICT') summary.skipped += 1;
              else summary.failed.push({ file: picture.file, reason: error.message });
            }
          }
          progress.tick(picture.file);
        }
      } finally {
        progress.stop();
      }
      printResult(summary, options, () =>
        [
          `Imported ${dir}: added ${summary.added}, skipped ${summary.skipped} already there, failed ${summary.failed.length}`,
          ...summary.failed.map(({ file, reason }) => `  ${file}: ${reason}`),
        ].join('\n'),
      );
      if (summary.failed.length > 0) throw new CliError(`${summary.failed.length} of ${pictures.length} pictures could not be imported`);
    });

  gallery
    .command('export <dir>')
    .description(`download every gallery picture into a folder, with a ${MANIFEST_FILE} that import takes back`)
    .addHelpText('after', examples('atelier gallery export ./gallery-backup', 'atelier --api https://new.example.com gallery import ./gallery-backup'))
    .action(async (dir: string, _options: unknown, command: Command) => {
      const client = clientFor(command);
      const { body: items } = await client.get<GalleryItem[]>('/admin/content/gallery');
      fs.mkdirSync(dir, { recursive: true });
      const manifest: GalleryManifest = { atelier: 'gallery', version: 1, items: [] };
      const progress = progressBar(items.length, 'Exporting');
      try {
        for (const [index, item] of items.entries()) {
          const file = `${String(index + 1).padStart(3, '0')}-${slugOf(item.title)}${path.extname(item.img) || '.jpg'}`;
          fs.writeFileSync(path.join(dir, file), await client.download(item.img));
          manifest.items.push({ file, title: item.title, author: item.author });
          progress.tick(file);
        }
      } finally {
        progress.stop();
      }
      fs.writeFileSync(path.join(dir, MANIFEST_FILE), `${renderJson(manifest)}\n`);
      print(`Exported ${items.length} gallery pictures to ${dir}`);
    });
}
