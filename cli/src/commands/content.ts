import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Command } from 'commander';
import { ApiError, type ApiClient, type JsonBody } from '../api-client';
import { CliError, EXIT_USAGE } from '../cli-error';
import { print, printResult, renderJson, renderRecord, renderTable, type Cell } from '../output';
import { readJsonFile } from '../json-file';
import { Prompter } from '../prompter';
import { fieldsHelp, givenFields, reachesInside, readLocalFile, withoutAnswerOnly, type Item } from './content-fields';
import { CONTENT_NOUNS, type Noun } from './content-nouns';
import { registerDocumentCommands } from './content-documents';
import { registerGalleryFileCommands } from './gallery-files';
import { askForProject, type ProjectAnswers } from './project-questions';
import type { ClientFor, Examples } from './command-kit';

/** What `export` writes and `import` reads: one collection's items, as the admin API shows them. */
export interface ContentManifest {
  atelier: 'content';
  version: 1;
  collection: string;
  items: Item[];
}

/** A large video over a slow uplink takes longer than a JSON call's 10 s. */
const UPLOAD_TIMEOUT_MS = 300_000;

/** The item's name in the API's routes (trending users are `_id` in the public shape). */
const keyOf = (noun: Noun, item: Item) => String(item[noun.key] ?? item._id ?? '');

const collectionPath = (noun: Noun) => `/admin/content/${noun.name}` as const;
const itemPath = (noun: Noun) => `/admin/content/${noun.name}/{id}` as const;
/** The fields a person gave (--set, --file, a manifest's item) go as they are: the API checks them and names any it refuses. */
const given = <Body>(fields: Item) => fields as Body;

/** An item as add takes it: what show printed, less what only the API answers. */
const toCreate = (noun: Noun, item: Item) => withoutAnswerOnly(item, noun.answerOnly);
/** Changes as update takes them: also without the key, which names the item in the route. */
const toUpdate = (noun: Noun, item: Item) => withoutAnswerOnly(item, [...noun.answerOnly, noun.key]);

function cell(value: unknown): Cell {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' || typeof value === 'string') return value;
  return value === undefined || value === null ? '-' : JSON.stringify(value);
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** What import matches items by: slugs, or the fields and values, ids aside. */
const identityOf = (noun: Noun, item: Item) => (noun.key === 'slug' ? `slug ${String(item.slug)}` : JSON.stringify(sortKeys(toCreate(noun, item))));
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Item)[key])]));
}

/** Sends a picture or video from the owner's disk; the site checks it and answers the path a field takes. */
export async function uploadContentFile(client: ApiClient, kind: 'picture' | 'video', file: string): Promise<{ path: string; width?: number; height?: number }> {
  const form = new FormData();
  form.set(kind, new Blob([readLocalFile(file)]), path.basename(file));
  try {
    const route = kind === 'picture' ? '/admin/content/files/picture' : '/admin/content/files/video';
    return (await client.post(route, { form, timeoutMs: UPLOAD_TIMEOUT_MS })).body;
  } catch (error) {
    if (error instanceof ApiError) throw new CliError(`the site refused ${file}: ${error.message}`);
    throw error;
  }
}

interface WriteOptions {
  file?: string;
  set: string[];
  json?: boolean;
  image?: string;
  video?: string;
  body?: string;
  gallery: string[];
}

/** The fields --image and --video fill, once their files are uploaded. */
async function fileFields(client: ApiClient, noun: Noun, options: WriteOptions): Promise<Item> {
  const fields: Item = {};
  for (const option of noun.files) {
    const file = options[option.flag];
    if (file === undefined) continue;
    const stored = await uploadContentFile(client, option.flag === 'image' ? 'picture' : 'video', file);
    fields[option.field] = stored.path;
    if (option.alsoField) fields[option.alsoField] = stored.path;
    if (option.size && stored.width !== undefined) Object.assign(fields, { [option.size.width]: stored.width, [option.size.height]: stored.height });
  }
  return fields;
}

type Block = Item & { kind: string };

/** A project page's blocks with --body's Markdown and --gallery's files in place of its own (or added at the end). */
async function pageBlocks(client: ApiClient, blocks: Block[], options: WriteOptions): Promise<Block[]> {
  let result = blocks;
  const replace = (kind: string, block: Block) =>
    result.some((candidate) => candidate.kind === kind) ? result.map((candidate) => (candidate.kind === kind ? block : candidate)) : [...result, block];
  if (options.body !== undefined) result = replace('markdown', { kind: 'markdown', markdown: readLocalFile(options.body).toString('utf8') });
  if (options.gallery.length > 0) {
    const items: Item[] = [];
    for (const file of options.gallery) {
      const isVideo = /\.(webm|mp4)$/i.test(file);
      const stored = await uploadContentFile(client, isVideo ? 'video' : 'picture', file);
      items.push({ src: stored.path, ...(stored.width === undefined ? {} : { width: stored.width, height: stored.height }) });
    }
    result = replace('gallery', { kind: 'gallery', items });
  }
  return result;
}

/** Questions asked on the terminal, the prompter closed after. */
async function askInteractively<T>(ask: (prompter: Prompter) => Promise<T>): Promise<T> {
  const prompter = new Prompter();
  try {
    return await ask(prompter);
  } finally {
    prompter.close();
  }
}

const hasPageFiles = (options: WriteOptions) => options.body !== undefined || options.gallery.length > 0;

/** A new project's page from its fields, with --body and --gallery: what the API would make, plus them. */
async function newProjectPage(client: ApiClient, fields: Item, options: WriteOptions): Promise<Item> {
  const page = (fields.page ?? {
    title: fields.title,
    subtitle: `${String(fields.role)}, ${String(fields.period)}`,
    blocks: options.body === undefined ? [{ kind: 'text', paragraphs: [fields.narrative] }] : [],
  }) as Item & { blocks?: Block[] };
  return { ...page, blocks: await pageBlocks(client, page.blocks ?? [], options) };
}

function addWriteOptions(command: Command, noun: Noun): Command {
  command
    .option('--file <file>', "the fields as one JSON object ('-' reads stdin; what show --json prints)")
    .option('--set <field=value>', 'a field (repeatable); a.b=value sets a field inside an object', collect, [])
    .option('--json', 'print the item as JSON');
  for (const option of noun.files) command.option(`--${option.flag} <file>`, option.about);
  if (noun.name === 'projects') {
    command
      .option('--body <file.md>', "the page's Markdown, from a file (replaces its Markdown block)")
      .option('--gallery <file>', "a picture or video for the page's gallery (repeatable; replaces its gallery)", collect, []);
  }
  return command;
}

function registerNoun(program: Command, noun: Noun, clientFor: ClientFor, examples: Examples): Command {
  const group = program
    .command(noun.name)
    .description(`the site's ${noun.noun}s: list, show, add, update, remove, reorder, import, export`)
    .addHelpText('after', examples(`atelier ${noun.name} list`, `atelier ${noun.name} add --help`, `atelier ${noun.name} export --output ${noun.name}.json`));

  group
    .command('list')
    .description(`every ${noun.noun}, in the order the site shows them`)
    .option('--json', 'print them as JSON')
    .addHelpText('after', examples(`atelier ${noun.name} list`, `atelier ${noun.name} list --json`))
    .action(async (options: { json?: boolean }, command: Command) => {
      const { body } = await clientFor(command).get(collectionPath(noun));
      const items: Item[] = body; // columns are read by name, whichever collection it is
      printResult(items, options, () =>
        items.length === 0
          ? `No ${noun.noun}s.`
          : renderTable(
              [noun.key.toUpperCase(), ...noun.columns.map(([header]) => header)],
              items.map((item) => [keyOf(noun, item), ...noun.columns.map(([, field]) => cell(item[field]))]),
            ),
      );
    });

  group
    .command(`show <${noun.key}>`)
    .description(`one ${noun.noun}, every field`)
    .option('--json', 'print it as JSON (add --file - and update --file - take it back)')
    .addHelpText('after', examples(`atelier ${noun.name} show <${noun.key}>`, `atelier ${noun.name} show <${noun.key}> --json > item.json`))
    .action(async (key: string, options: { json?: boolean }, command: Command) => {
      const { body: item } = await clientFor(command).get(itemPath(noun), { path: { id: key } });
      printResult(item, options, () => renderRecord(Object.entries(item as Item).map(([field, value]) => [field, cell(value)])));
    });

  const add = addWriteOptions(group.command('add').description(`add a ${noun.noun}${noun.name === 'projects' ? ' (on a terminal with no fields given, it asks for them)' : ''}`), noun);
  add
    .addHelpText('after', fieldsHelp(noun.fields) + examples(noun.example, `atelier ${noun.name} show <${noun.key}> --json | atelier ${noun.name} add --file -`))
    .action(async (options: WriteOptions, command: Command) => {
      const client = clientFor(command);
      const guided = noun.name === 'projects' && options.file === undefined && options.set.length === 0 && process.stdin.isTTY && process.stderr.isTTY;
      if (guided) {
        const item = await addProject(client, await askInteractively(askForProject));
        return printResult(item, options, () => `Added ${noun.noun} ${keyOf(noun, item)}`);
      }
      let fields: Item = toCreate(noun, givenFields(options));
      if (Object.keys(fields).length === 0 && noun.files.every((option) => options[option.flag] === undefined)) {
        throw new CliError(`nothing to add: give --set field=value, --file FILE or --file - (atelier ${noun.name} add --help lists the fields)`, EXIT_USAGE);
      }
      fields = { ...fields, ...(await fileFields(client, noun, options)) };
      if (noun.name === 'projects' && hasPageFiles(options)) fields.page = await newProjectPage(client, fields, options);
      const route = collectionPath(noun);
      const { body: item } = await client.post(route, { json: given<JsonBody<typeof route, 'post'>>(fields) });
      printResult(item, options, () => `Added ${noun.noun} ${keyOf(noun, item as Item)}`);
    });

  const update = addWriteOptions(group.command(`update <${noun.key}>`).description(`change some fields of a ${noun.noun}`), noun);
  update
    .addHelpText(
      'after',
      fieldsHelp(noun.fields.map((field) => ({ ...field, required: false }))) +
        examples(`atelier ${noun.name} update <${noun.key}> --set ${noun.fields[1]?.name ?? noun.fields[0].name}="..."`, `atelier ${noun.name} show <${noun.key}> --json > item.json  # edit it, then:`, `atelier ${noun.name} update <${noun.key}> --file item.json`),
    )
    .action(async (key: string, options: WriteOptions, command: Command) => {
      const client = clientFor(command);
      // A dotted --set or a page file changes part of a field: the rest comes from the item as it is.
      const needsCurrent = reachesInside(options.set) || (noun.name === 'projects' && hasPageFiles(options));
      const current = needsCurrent ? ((await client.get(itemPath(noun), { path: { id: key } })).body as Item) : {};
      let changes: Item = { ...toUpdate(noun, givenFields(options, toUpdate(noun, current))), ...(await fileFields(client, noun, options)) };
      if (noun.name === 'projects' && hasPageFiles(options)) {
        const page = toUpdate(noun, { page: changes.page ?? current.page }).page as Item & { blocks: Block[] };
        changes = { ...changes, page: { ...page, blocks: await pageBlocks(client, page.blocks, options) } };
      }
      if (Object.keys(changes).length === 0) throw new CliError(`nothing to change: give --set field=value or --file FILE (atelier ${noun.name} update --help lists the fields)`, EXIT_USAGE);
      const route = itemPath(noun);
      const { body: item } = await client.patch(route, { path: { id: key }, json: given<JsonBody<typeof route, 'patch'>>(changes) });
      printResult(item, options, () => `Updated ${noun.noun} ${keyOf(noun, item as Item)}`);
    });

  group
    .command(`remove <${noun.key}...>`)
    .description(`remove ${noun.noun}s from the site`)
    .addHelpText('after', examples(`atelier ${noun.name} remove <${noun.key}>`))
    .action(async (keys: string[], _options: unknown, command: Command) => {
      const client = clientFor(command);
      for (const key of keys) {
        await client.delete(itemPath(noun), { path: { id: key } });
        print(`Removed ${noun.noun} ${key}`);
      }
    });

  group
    .command(`reorder <${noun.key}...>`)
    .description(`put these ${noun.noun}s first, in this order; the others keep theirs after them`)
    .option('--json', 'print the list in its new order as JSON')
    .addHelpText('after', examples(`atelier ${noun.name} reorder <${noun.key}> <${noun.key}>`))
    .action(async (keys: string[], options: { json?: boolean }, command: Command) => {
      const client = clientFor(command);
      const { body } = await client.get(collectionPath(noun));
      const existing = (body as Item[]).map((item) => keyOf(noun, item));
      const unknown = keys.filter((key) => !existing.includes(key));
      if (unknown.length > 0) throw new CliError(`no ${noun.noun} ${unknown.join(', ')} (atelier ${noun.name} list shows them)`);
      if (new Set(keys).size !== keys.length) throw new CliError('name each one once', EXIT_USAGE);
      const ids = [...keys, ...existing.filter((key) => !keys.includes(key))];
      const { body: items } = await client.put(`/admin/content/${noun.name}/order`, { json: { ids } });
      printResult(items, options, () => `New order: ${(items as Item[]).map((item) => keyOf(noun, item)).join(', ')}`);
    });

  // The gallery moves with its picture files: its import and export work on a folder (gallery-files.ts).
  if (noun.name === 'gallery') return group;

  group
    .command('export')
    .description(`write every ${noun.noun} to a manifest that import takes back`)
    .option('--output <file>', 'where to write it (default: standard output)')
    .addHelpText('after', examples(`atelier ${noun.name} export --output ${noun.name}.json`))
    .action(async (options: { output?: string }, command: Command) => {
      const { body } = await clientFor(command).get(collectionPath(noun));
      const items = body as Item[];
      const manifest: ContentManifest = { atelier: 'content', version: 1, collection: noun.name, items };
      if (options.output === undefined) return print(renderJson(manifest));
      fs.writeFileSync(options.output, `${renderJson(manifest)}\n`);
      print(`Exported ${items.length} ${noun.noun}s to ${options.output}`);
    });

  group
    .command('import <file>')
    .description(`add the ${noun.noun}s of an export manifest, skipping those the site already has`)
    .option('--json', 'print the summary as JSON')
    .addHelpText('after', examples(`atelier ${noun.name} import ${noun.name}.json`))
    .action(async (file: string, options: { json?: boolean }, command: Command) => {
      const manifest = readManifest(file, noun);
      const client = clientFor(command);
      const { body: existing } = await client.get(collectionPath(noun));
      const known = new Set((existing as Item[]).map((item) => identityOf(noun, item)));
      const summary = { added: 0, skipped: 0, failed: [] as Array<{ item: number; reason: string }> };
      for (const [index, item] of manifest.items.entries()) {
        if (known.has(identityOf(noun, item))) {
          summary.skipped += 1;
          continue;
        }
        try {
          const route = collectionPath(noun);
          await client.post(route, { json: given<JsonBody<typeof route, 'post'>>(toCreate(noun, item)) });
          summary.added += 1;
        } catch (error) {
          // A unique field already taken (a gallery picture's hash) means the site has it.
          if (error instanceof ApiError && error.code === 'CONFLICT') summary.skipped += 1;
          else if (error instanceof ApiError) summary.failed.push({ item: index + 1, reason: error.message });
          else throw error;
        }
      }
      printResult(summary, options, () =>
        [
          `Imported ${file}: added ${summary.added}, skipped ${summary.skipped} already there, failed ${summary.failed.length}`,
          ...summary.failed.map(({ item, reason }) => `  item ${item}: ${reason}`),
        ].join('\n'),
      );
      if (summary.failed.length > 0) throw new CliError(`${summary.failed.length} of ${manifest.items.length} ${noun.noun}s could not be imported`);
    });
  return group;
}

function readManifest(file: string, noun: Noun): ContentManifest {
  const value = readJsonFile(file, `expected an atelier ${noun.name} export`) as Partial<ContentManifest> | null;
  if (value?.atelier !== 'content' || !Array.isArray(value.items)) {
    throw new CliError(`${file} is not an atelier export (write one with atelier ${noun.name} export)`);
  }
  if (value.collection !== noun.name) {
    throw new CliError(`${file} holds ${value.collection} items; import it with atelier ${value.collection} import`);
  }
  return value as ContentManifest;
}

/** Adds the project the owner answered for (`atelier setup`): its cover, Markdown and gallery uploaded from disk. */
export async function addProject(client: ApiClient, answers: ProjectAnswers): Promise<Item> {
  const options: WriteOptions = { set: [], image: answers.image, body: answers.body, gallery: answers.gallery };
  const noun = CONTENT_NOUNS.find((candidate) => candidate.name === 'projects') as Noun;
  const fields = { ...answers.fields, ...(await fileFields(client, noun, options)) };
  if (hasPageFiles(options)) fields.page = await newProjectPage(client, fields, options);
  return (await client.post('/admin/content/projects', { json: given<JsonBody<'/admin/content/projects', 'post'>>(fields) })).body as Item;
}

export function registerContentCommands(program: Command, clientFor: ClientFor, examples: Examples): void {
  for (const noun of CONTENT_NOUNS) {
    const group = registerNoun(program, noun, clientFor, examples);
    if (noun.name === 'gallery') registerGalleryFileCommands(group, clientFor, examples);
  }
  registerDocumentCommands(program, clientFor, examples);
}
