import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Command } from 'commander';
import { ApiError } from '../api-client';
import { CliError } from '../cli-error';
import { print, printResult, progressBar, renderJson } from '../output';
import { readJsonFile } from '../json-file';
import type { ClientFor, Examples } from './command-kit';

/**
 * manifest.json in a gallery folder: which picture file has which title (model) and author; a video
 * item names its video file too, `file` being its poster.
 */
export interface GalleryManifest {
  atelier: 'gallery';
  version: 1;
  items: Array<{ file: string; video?: string; title?: string; author?: string }>;
}

export const MANIFEST_FILE = 'manifest.json';
const PICTURE_FILE = /\.(jpe?g|png)$/i;
const VIDEO_FILE = /\.(webm|mp4)$/i;
const UPLOAD_PATH = '/admin/content/gallery/upload';
const VIDEO_UPLOAD_PATH = '/admin/content/gallery/upload/video';
type UploadPath = typeof UPLOAD_PATH | typeof VIDEO_UPLOAD_PATH;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const slugOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'picture';

interface ImportOptions {
  title?: string;
  author?: string;
  json?: boolean;
}

/** What import sends for one item: a picture, or a video with its poster picture. */
interface ImportEntry {
  file: string;
  video?: string;
  title: string;
  author: string;
}

/** A manifest's `field` names a file in `dir` itself, never a path elsewhere. */
function fileIn(dir: string, file: unknown, where: string, field: 'file' | 'video'): string {
  if (typeof file !== 'string' || !file || path.basename(file) !== file) throw new CliError(`${where}: ${field} must be a file name in ${dir}`);
  return file;
}

/**
 * The folder's items without a manifest: each video (WebM, MP4) with the picture of the same name as
 * its poster, and every other JPEG and PNG as a picture.
 */
function folderEntries(dir: string): GalleryManifest['items'] {
  const names = fs.readdirSync(dir).sort();
  const pictures = names.filter((name) => PICTURE_FILE.test(name));
  const stem = (name: string) => name.replace(/\.[^.]+$/, '');
  const videos = names.filter((name) => VIDEO_FILE.test(name)).map((video) => {
    const poster = pictures.find((picture) => stem(picture) === stem(video));
    if (!poster) throw new CliError(`${video} has no poster: put a JPEG or PNG named ${stem(video)}.jpg beside it`);
    return { file: poster, video };
  });
  const posters = new Set(videos.map((entry) => entry.file));
  return [...pictures.filter((picture) => !posters.has(picture)).map((file) => ({ file })), ...videos];
}

/** The items to import: the manifest's, or the folder's with --title/--author. */
function entriesOf(dir: string, options: ImportOptions): ImportEntry[] {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new CliError(`${dir} is not a folder`);
  const manifestFile = path.join(dir, MANIFEST_FILE);
  const manifest = fs.existsSync(manifestFile) ? (readJsonFile(manifestFile, 'expected an atelier gallery manifest') as Partial<GalleryManifest> | null) : undefined;
  if (manifest !== undefined && (manifest?.atelier !== 'gallery' || !Array.isArray(manifest.items))) {
    throw new CliError(`${manifestFile} is not an atelier gallery manifest (write one with atelier gallery export)`);
  }
  return (manifest?.items ?? folderEntries(dir)).map((entry, index) => {
    const where = `${manifestFile} item ${index + 1}`;
    const file = fileIn(dir, entry.file, where, 'file');
    const video = entry.video === undefined ? undefined : fileIn(dir, entry.video, where, 'video');
    const title = entry.title ?? options.title;
    const author = entry.author ?? options.author;
    if (!title || !author) throw new CliError(`${file} has no ${title ? 'author' : 'title'}: give --${title ? 'author' : 'title'} or list it in ${MANIFEST_FILE}`);
    return { file, video, title, author };
  });
}

/** The upload of one item: the picture, or the video with its poster. */
function uploadOf(dir: string, entry: ImportEntry): { path: UploadPath; form: FormData; bytes: Buffer } {
  const form = new FormData();
  form.set('title', entry.title);
  form.set('author', entry.author);
  const picture = fs.readFileSync(path.join(dir, entry.file));
  form.set('picture', new Blob([picture]), entry.file);
  if (entry.video === undefined) return { path: UPLOAD_PATH, form, bytes: picture };
  const video = fs.readFileSync(path.join(dir, entry.video));
  form.set('video', new Blob([video]), entry.video);
  // The gallery knows a video by its own bytes, not its poster's.
  return { path: VIDEO_UPLOAD_PATH, form, bytes: video };
}

export function registerGalleryFileCommands(gallery: Command, clientFor: ClientFor, examples: Examples): void {
  gallery
    .command('import <dir>')
    .description(
      `upload every picture and video of a folder (a video with the picture of its name as poster; titles and authors from its ${MANIFEST_FILE}, or the flags), skipping those the gallery has`,
    )
    .option('--title <model>', 'the title (the model that made them) of pictures the manifest does not name')
    .option('--author <name>', 'their author')
    .option('--json', 'print the summary as JSON')
    .addHelpText('after', examples('atelier gallery import ./renders --title "Stable Diffusion 1.5" --author @me', 'atelier gallery import ./exported-gallery'))
    .action(async (dir: string, options: ImportOptions, command: Command) => {
      const entries = entriesOf(dir, options);
      const client = clientFor(command);
      const { body: existing } = await client.get('/admin/content/gallery');
      const known = new Set(existing.map((item) => item.contentHash).filter(Boolean));
      const summary = { added: 0, skipped: 0, failed: [] as Array<{ file: string; reason: string }> };
      const progress = progressBar(entries.length, 'Importing');
      try {
        for (const entry of entries) {
          const upload = uploadOf(dir, entry);
          const hash = sha256(upload.bytes);
          const name = entry.video ?? entry.file;
          if (known.has(hash)) {
            summary.skipped += 1;
          } else {
            try {
              await client.post(upload.path, { form: upload.form });
              summary.added += 1;
              known.add(hash);
            } catch (error) {
              if (!(error instanceof ApiError)) throw error;
              if (error.code === 'CONFLICT') summary.skipped += 1;
              else summary.failed.push({ file: name, reason: error.message });
            }
          }
          progress.tick(name);
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
      if (summary.failed.length > 0) throw new CliError(`${summary.failed.length} of ${entries.length} items could not be imported`);
    });

  gallery
    .command('export <dir>')
    .description(`download every gallery picture and video into a folder, with a ${MANIFEST_FILE} that import takes back`)
    .addHelpText('after', examples('atelier gallery export ./gallery-backup', 'atelier --api https://new.example.com gallery import ./gallery-backup'))
    .action(async (dir: string, _options: unknown, command: Command) => {
      const client = clientFor(command);
      const { body: items } = await client.get('/admin/content/gallery');
      fs.mkdirSync(dir, { recursive: true });
      const manifest: GalleryManifest = { atelier: 'gallery', version: 1, items: [] };
      const progress = progressBar(items.length, 'Exporting');
      try {
        for (const [index, item] of items.entries()) {
          const name = `${String(index + 1).padStart(3, '0')}-${slugOf(item.title)}`;
          const file = `${name}${path.extname(item.img) || '.jpg'}`;
          fs.writeFileSync(path.join(dir, file), await client.download(item.img));
          // A video beside its poster, under the same name.
          const video = item.video ? `${name}${path.extname(item.video)}` : undefined;
          if (item.video && video) fs.writeFileSync(path.join(dir, video), await client.download(item.video));
          manifest.items.push({ file, ...(video ? { video } : {}), title: item.title, author: item.author });
          progress.tick(video ?? file);
        }
      } finally {
        progress.stop();
      }
      fs.writeFileSync(path.join(dir, MANIFEST_FILE), `${renderJson(manifest)}\n`);
      print(`Exported ${items.length} gallery items to ${dir}`);
    });
}
