import * as fs from 'node:fs';
import type { Command } from 'commander';
import { ApiError, type JsonBody } from '../api-client';
import { CliError, EXIT_USAGE } from '../cli-error';
import { print, printResult, renderJson, renderRecord, renderTable, type Cell } from '../output';
import { readJsonFile } from '../json-file';
import { registerGalleryFileCommands } from './gallery-files';
import { registerSiteCvCommand } from './site-cv';
import type { ClientFor, Examples } from './command-kit';

type Item = Record<string, unknown>;

/** What `export` writes and `import` reads: one collection's items, as the admin API shows them. */
export interface ContentManifest {
  atelier: 'content';
  version: 1;
  collection: string;
  items: Item[];
}

/** The admin API's collections the CLI manages as nouns. */
type NounName = 'gallery' | 'exhibit' | 'resources' | 'trending' | 'projects';

interface Noun {
  /** The admin API's collection, /api/admin/content/<name>. */
  name: NounName;
  /** One item, for messages. */
  noun: string;
  /** The field that names an item in the API's routes. */
  key: 'id' | 'slug';
  /** The list's columns after the key: [header, field]. */
  columns: Array<[string, string]>;
  /** An exported item as the API's create call takes it. */
  toCreate(item: Item): Item;
}

const without = (item: Item, ...fields: string[]) => Object.fromEntries(Object.entries(item).filter(([field]) => !fields.includes(field)));

// The collections the site shows, managed the same way (`atelier <noun> list|show|add|update|remove|import|export`).
export const CONTENT_NOUNS: Noun[] = [
  { name: 'gallery', noun: 'gallery item', key: 'id', columns: [['TITLE', 'title'], ['AUTHOR', 'author'], ['IMAGE', 'img']], toCreate: (item) => without(item, 'id') },
  { name: 'exhibit', noun: 'exhibit item', key: 'id', columns: [['MODEL', 'model'], ['PICTURE', 'picturePath']], toCreate: (item) => without(item, 'id') },
  {
    name: 'resources',
    noun: 'resource link',
    key: 'id',
    columns: [['TITLE', 'title'], ['FORMAT', 'format'], ['URL', 'url']],
    // The format label follows its code (fmat); the API takes only the code.
    toCreate: (item) => without(item, 'id', 'format'),
  },
  {
    name: 'trending',
    noun: 'trending user',
    key: 'id',
    columns: [['FIRST NAME', 'firstName'], ['LAST NAME', 'lastName'], ['LOCATION', 'location']],
    toCreate: (item) => without(item, 'id', '_id'),
  },
  {
    name: 'projects',
    noun: 'project',
    key: 'slug',
    columns: [['TITLE', 'title'], ['PERIOD', 'period'], ['FEATURED', 'featured']],
    // The page repeats the project's slug; the API takes it once.
    toCreate: (item) => ({ ...item, page: without((item.page ?? {}) as Item, 'slug') }),
  },
];

/** The item's name in the API's routes (trending users are `_id` in the public shape). */
const keyOf = (noun: Noun, item: Item) => String(item[noun.key] ?? item._id ?? '');

const collectionPath = (noun: Noun) => `/admin/content/${noun.name}` as const;
const itemPath = (noun: Noun) => `/admin/content/${noun.name}/{id}` as const;
/** The fields a person gave (--set, --file, a manifest's item) go as they are: the API checks them and names any it refuses. */
const given = <Body>(fields: Item) => fields as Body;

function cell(value: unknown): Cell {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' || typeof value === 'string') return value;
  return value === undefined || value === null ? '-' : JSON.stringify(value);
}

/** `--set field=value`: the value as JSON when it reads as JSON (numbers, true, lists), else as text. */
export function parseAssignments(assignments: string[]): Item {
  const fields: Item = {};
  for (const assignment of assignments) {
    const at = assignment.indexOf('=');
    if (at < 1) throw new CliError(`--set takes field=value (got ${JSON.stringify(assignment)})`, EXIT_USAGE);
    const raw = assignment.slice(at + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // plain text
    }
    fields[assignment.slice(0, at)] = value;
  }
  return fields;
}

/** The fields an add or update sends: --file's object, then each --set over it. */
function fieldsFrom(options: { file?: string; set: string[] }): Item {
  const base = options.file === undefined ? {} : readJsonFile(options.file, 'expected one object of fields');
  if (typeof base !== 'object' || base === null || Array.isArray(base)) throw new CliError(`${options.file} must hold one JSON object of fields`);
  const fields = { ...(base as Item), ...parseAssignments(options.set) };
  if (Object.keys(fields).length === 0) throw new CliError('nothing to send: give --file FILE or --set field=value', EXIT_USAGE);
  return fields;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** What import matches items by: projects by slug, the rest by their fields and values, ids aside. */
const identityOf = (noun: Noun, item: Item) => (noun.key === 'slug' ? `slug ${String(item.slug)}` : JSON.stringify(sortKeys(noun.toCreate(item))));
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Item)[key])]));
}

function registerNoun(program: Command, noun: Noun, clientFor: ClientFor, examples: Examples): Command {
  const group = program
    .command(noun.name)
    .description(`the site's ${noun.noun}s: list, show, add, update, remove, import, export`)
    .addHelpText('after', examples(`atelier ${noun.name} list`, `atelier ${noun.name} export --output ${noun.name}.json`));

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
    .option('--json', 'print it as JSON')
    .addHelpText('after', examples(`atelier ${noun.name} show <${noun.key}>`))
    .action(async (key: string, options: { json?: boolean }, command: Command) => {
      const { body: item } = await clientFor(command).get(itemPath(noun), { path: { id: key } });
      printResult(item, options, () => renderRecord(Object.entries(item).map(([field, value]) => [field, cell(value)])));
    });

  group
    .command('add')
    .description(`add a ${noun.noun}; the API names any field it refuses`)
    .option('--file <file>', "the item's fields as one JSON object ('-' reads stdin)")
    .option('--set <field=value>', 'a field (repeatable); the value is read as JSON when it can be', collect, [])
    .option('--json', 'print the new item as JSON')
    .addHelpText(
      'after',
      examples(`atelier ${noun.name} add --file item.json`, `atelier ${noun.name} show <${noun.key}> --json | atelier ${noun.name} add --file -`),
    )
    .action(async (options: { file?: string; set: string[]; json?: boolean }, command: Command) => {
      const path = collectionPath(noun);
      const { body: item } = await clientFor(command).post(path, { json: given<JsonBody<typeof path, 'post'>>(fieldsFrom(options)) });
      printResult(item, options, () => `Added ${noun.noun} ${keyOf(noun, item)}`);
    });

  group
    .command(`update <${noun.key}>`)
    .description(`change some fields of a ${noun.noun}`)
    .option('--file <file>', "fields to change as one JSON object ('-' reads stdin)")
    .option('--set <field=value>', 'a field to change (repeatable)', collect, [])
    .option('--json', 'print the changed item as JSON')
    .addHelpText('after', examples(`atelier ${noun.name} update <${noun.key}> --set title="A better title"`))
    .action(async (key: string, options: { file?: string; set: string[]; json?: boolean }, command: Command) => {
      const path = itemPath(noun);
      const { body: item } = await clientFor(command).patch(path, { path: { id: key }, json: given<JsonBody<typeof path, 'patch'>>(fieldsFrom(options)) });
      printResult(item, options, () => `Updated ${noun.noun} ${keyOf(noun, item)}`);
    });

  group
    .command(`remove <${noun.key}>`)
    .description(`remove a ${noun.noun} from the site`)
    .addHelpText('after', examples(`atelier ${noun.name} remove <${noun.key}>`))
    .action(async (key: string, _options: unknown, command: Command) => {
      await clientFor(command).delete(itemPath(noun), { path: { id: key } });
      print(`Removed ${noun.noun} ${key}`);
    });

  // The gallery moves with its picture files: its import and export work on a folder (gallery-files.ts).
  if (noun.name === 'gallery') return group;

  group
    .command('export')
    .description(`write every ${noun.noun} to a manifest that import takes back`)
    .option('--output <file>', 'where to write it (default: standard output)')
    .addHelpText('after', examples(`atelier ${noun.name} export --output ${noun.name}.json`))
    .action(async (options: { output?: string }, command: Command) => {
      const { body: items } = await clientFor(command).get(collectionPath(noun));
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
      const known = new Set(existing.map((item) => identityOf(noun, item)));
      const summary = { added: 0, skipped: 0, failed: [] as Array<{ item: number; reason: string }> };
      for (const [index, item] of manifest.items.entries()) {
        if (known.has(identityOf(noun, item))) {
          summary.skipped += 1;
          continue;
        }
        try {
          const path = collectionPath(noun);
          await client.post(path, { json: given<JsonBody<typeof path, 'post'>>(noun.toCreate(item)) });
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

/** `atelier site ...`: the home page's profile card, one document. */
function registerSite(program: Command, clientFor: ClientFor, examples: Examples): void {
  const site = program
    .command('site')
    .description("the home page's profile card: show, update, export, import")
    .addHelpText('after', examples('atelier site show', 'atelier site update --set ownerName="Ada Lovelace"'));

  site
    .command('show')
    .description('the profile card, every field')
    .option('--json', 'print it as JSON')
    .addHelpText('after', examples('atelier site show --json'))
    .action(async (options: { json?: boolean }, command: Command) => {
      const { body: profile } = await clientFor(command).get('/admin/content/site');
      printResult(profile, options, () => renderRecord(Object.entries(profile).map(([field, value]) => [field, cell(value)])));
    });

  site
    .command('update')
    .description('change some fields of the profile card')
    .option('--file <file>', "fields to change as one JSON object ('-' reads stdin)")
    .option('--set <field=value>', 'a field to change (repeatable)', collect, [])
    .addHelpText('after', examples('atelier site update --set ownerName="Ada Lovelace"', 'atelier site update --file profile.json'))
    .action(async (options: { file?: string; set: string[] }, command: Command) => {
      const client = clientFor(command);
      const { body: profile } = await client.get('/admin/content/site');
      await client.put('/admin/content/site', { json: given<JsonBody<'/admin/content/site', 'put'>>({ ...profile, ...fieldsFrom(options) }) });
      print('Updated the profile card');
    });

  site
    .command('export')
    .description('write the profile card to a file that import takes back')
    .option('--output <file>', 'where to write it (default: standard output)')
    .addHelpText('after', examples('atelier site export --output site.json'))
    .action(async (options: { output?: string }, command: Command) => {
      const { body: profile } = await clientFor(command).get('/admin/content/site');
      const manifest = { atelier: 'content', version: 1, collection: 'site', profile };
      if (options.output === undefined) return print(renderJson(manifest));
      fs.writeFileSync(options.output, `${renderJson(manifest)}\n`);
      print(`Exported the profile card to ${options.output}`);
    });

  site
    .command('import <file>')
    .description('replace the profile card with an exported one')
    .addHelpText('after', examples('atelier site import site.json'))
    .action(async (file: string, _options: unknown, command: Command) => {
      const value = readJsonFile(file, 'expected an atelier site export') as { atelier?: string; collection?: string; profile?: unknown } | null;
      if (value?.atelier !== 'content' || value.collection !== 'site' || typeof value.profile !== 'object') {
        throw new CliError(`${file} is not an atelier site export (write one with atelier site export)`);
      }
      await clientFor(command).put('/admin/content/site', { json: given<JsonBody<'/admin/content/site', 'put'>>(value.profile as Item) });
      print(`Imported the profile card from ${file}`);
    });

  registerSiteCvCommand(site, clientFor, examples);
}

export function registerContentCommands(program: Command, clientFor: ClientFor, examples: Examples): void {
  for (const noun of CONTENT_NOUNS) {
    const group = registerNoun(program, noun, clientFor, examples);
    if (noun.name === 'gallery') registerGalleryFileCommands(group, clientFor, examples);
  }
  registerSite(program, clientFor, examples);
}
