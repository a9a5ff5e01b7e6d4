import * as fs from 'node:fs';
import * as path from 'node:path';
import { SITE_PAGE_KEYS } from '@atelier/contracts';
import type { Command } from 'commander';
import { ApiError, type ApiClient, type JsonBody } from '../api-client';
import { CliError, EXIT_USAGE } from '../cli-error';
import { print, printResult, renderJson, renderRecord } from '../output';
import { readJsonFile } from '../json-file';
import { fieldsHelp, givenFields, readLocalFile, type FieldDoc, type Item } from './content-fields';
import { registerSiteCvCommand, sendCv } from './site-cv';
import type { ClientFor, Examples } from './command-kit';

// The site's two documents, each one object replaced whole: `site` (the home page's profile card)
// and `settings` (the site's name, footer, pages' titles and notes). Their verbs: show, update,
// export, import; what `show --json` prints, `update --file -` takes back.

type DocumentPath = '/admin/content/site' | '/admin/content/settings';

interface ContentDocument {
  name: 'site' | 'settings';
  path: DocumentPath;
  /** What it is, for messages. */
  what: string;
  fields: FieldDoc[];
  examples: string[];
}

const PAGES = SITE_PAGE_KEYS.join(', ');

const DOCUMENTS: ContentDocument[] = [
  {
    name: 'site',
    path: '/admin/content/site',
    what: 'the profile card',
    fields: [
      { name: 'ownerName', about: 'your name' },
      { name: 'headline', about: 'the line under it' },
      { name: 'summary', about: 'a few sentences about you' },
      { name: 'photo', about: 'your photo: give --image FILE (a JPEG or PNG from your disk)' },
      { name: 'photoAlt', about: 'what the photo shows' },
      { name: 'skills', about: '[{"name":"Python","years":8}]: years per skill area ([] draws none)' },
      { name: 'patents', about: '[{"title":"...","year":2020,"number":"US ...","url":"https://..."}] ([] draws none)' },
      { name: 'availability', about: '["Open to contract work", ...]' },
      { name: 'links', about: '[{"label":"GitHub","url":"https://github.com/you"}]: your profiles and code' },
      { name: 'moreToCome', about: 'a note under your projects ("" draws none)' },
      { name: 'cv', about: 'your CV: give --cv FILE.pdf, or use atelier site cv ./cv.pdf / site cv --remove' },
    ],
    examples: ['atelier site update --set ownerName="Ada Lovelace" --set headline="ML Engineer"', "atelier site update --set 'patents=[]'"],
  },
  {
    name: 'settings',
    path: '/admin/content/settings',
    what: "the site's texts",
    fields: [
      { name: 'siteName', about: "the site's name: the end of project pages' titles" },
      { name: 'logoText', about: 'what the logo in the header and footer reads' },
      { name: 'footer.name', about: 'the name after the © in the footer' },
      { name: 'footer.year', about: 'the year after the ©, or current (this year, every year)' },
      { name: 'pages.<page>.title', about: `a page's title in the browser and search results; pages: ${PAGES}` },
      { name: 'pages.<page>.description', about: "a page's meta description" },
      { name: 'pages.<page>.heading', about: "a page's visible heading, where it differs from the title (the home page's big heading)" },
      { name: 'genAiColumn', about: 'true: the wide home page shows a column of gallery thumbnails; false: it does not' },
      { name: 'resourcesNote', about: 'the note above the /dev links ("" draws none)' },
      { name: 'restricted.warningTitle', about: "the restricted pages' warning title" },
      { name: 'restricted.warningText', about: 'its text' },
      { name: 'restricted.citadel', about: '/citadel\'s link groups: [{"heading":"...","links":[{"label","href","note"}]}]' },
    ],
    examples: [
      'atelier settings update --set siteName="Ada Lab" --set logoText="Ada Lab" --set footer.name="Ada Lovelace" --set footer.year=current',
      'atelier settings update --set pages.home.title="Ada Lab: ML engineering" --set pages.home.heading="Machine learning, shipped"',
    ],
  },
];

/** Uploads a JPEG or PNG from disk as the profile card's photo (re-encoded by the site, at most 720 px). */
export async function sendPhoto(client: ApiClient, file: string): Promise<void> {
  const form = new FormData();
  form.set('picture', new Blob([readLocalFile(file)]), path.basename(file));
  try {
    await client.post('/admin/content/site/photo', { form });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new CliError(`the site refused the photo ${file}: ${error.message}`);
  }
}

function registerDocument(program: Command, document: ContentDocument, clientFor: ClientFor, examples: Examples): Command {
  const { name, path: route, what } = document;
  const group = program
    .command(name)
    .description(`${what}: show, update, export, import`)
    .addHelpText('after', examples(`atelier ${name} show`, ...document.examples));

  group
    .command('show')
    .description(`${what}, every field`)
    .option('--json', 'print it as JSON (update --file - takes it back)')
    .addHelpText('after', examples(`atelier ${name} show`, `atelier ${name} show --json > ${name}.json`))
    .action(async (options: { json?: boolean }, command: Command) => {
      const { body } = await clientFor(command).get(route);
      printResult(body, options, () => renderRecord(Object.entries(body as Item).map(([field, value]) => [field, typeof value === 'string' ? value : JSON.stringify(value)])));
    });

  const update = group
    .command('update')
    .description(`change some fields of ${what}`)
    .option('--file <file>', "fields to change as one JSON object ('-' reads stdin; what show --json prints)")
    .option('--set <field=value>', 'a field to change (repeatable); a.b=value changes a field inside an object', (value: string, previous: string[]) => [...previous, value], [])
    .option('--json', `print ${what} as saved, as JSON`);
  if (name === 'site') update.option('--image <file>', 'your photo from disk (JPEG or PNG)').option('--cv <file.pdf>', 'your CV from disk, which the card offers for download');
  update
    .addHelpText('after', fieldsHelp(document.fields) + examples(...document.examples, `atelier ${name} update --file ${name}.json`))
    .action(async (options: { file?: string; set: string[]; json?: boolean; image?: string; cv?: string }, command: Command) => {
      const client = clientFor(command);
      const { body: current } = await client.get(route);
      const changes = givenFields(options, current as Item);
      const files = options.image !== undefined || options.cv !== undefined;
      if (Object.keys(changes).length === 0 && !files) {
        throw new CliError(`nothing to change: give --set field=value or --file FILE (atelier ${name} update --help lists the fields)`, EXIT_USAGE);
      }
      // The fields first: if the site refuses one, no file has been sent.
      let { body: saved } = Object.keys(changes).length > 0 ? await client.put(route, { json: { ...(current as Item), ...changes } as JsonBody<DocumentPath, 'put'> }) : { body: current };
      if (options.image !== undefined) await sendPhoto(client, options.image);
      if (options.cv !== undefined) await sendCv(client, options.cv);
      if (files) saved = (await client.get(route)).body;
      printResult(saved, options, () => `Updated ${what}`);
    });

  group
    .command('export')
    .description(`write ${what} to a file that import takes back`)
    .option('--output <file>', 'where to write it (default: standard output)')
    .addHelpText('after', examples(`atelier ${name} export --output ${name}.json`))
    .action(async (options: { output?: string }, command: Command) => {
      const { body } = await clientFor(command).get(route);
      const manifest = { atelier: 'content', version: 1, collection: name, [name === 'site' ? 'profile' : 'settings']: body };
      if (options.output === undefined) return print(renderJson(manifest));
      fs.writeFileSync(options.output, `${renderJson(manifest)}\n`);
      print(`Exported ${what} to ${options.output}`);
    });

  group
    .command('import <file>')
    .description(`replace ${what} with an exported one`)
    .addHelpText('after', examples(`atelier ${name} import ${name}.json`))
    .action(async (file: string, _options: unknown, command: Command) => {
      const field = name === 'site' ? 'profile' : 'settings';
      const value = readJsonFile(file, `expected an atelier ${name} export`) as Item | null;
      if (value?.atelier !== 'content' || value.collection !== name || typeof value[field] !== 'object') {
        throw new CliError(`${file} is not an atelier ${name} export (write one with atelier ${name} export)`);
      }
      await clientFor(command).put(route, { json: value[field] as JsonBody<DocumentPath, 'put'> });
      print(`Imported ${what} from ${file}`);
    });
  return group;
}

export function registerDocumentCommands(program: Command, clientFor: ClientFor, examples: Examples): void {
  for (const document of DOCUMENTS) {
    const group = registerDocument(program, document, clientFor, examples);
    if (document.name === 'site') registerSiteCvCommand(group, clientFor, examples);
  }
}
