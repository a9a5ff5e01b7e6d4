import * as fs from 'node:fs';
import * as path from 'node:path';
import { EXAMPLE_IMAGE_COUNTS, EXAMPLE_PAGES, type AdminGenerationExample, type ExamplePage } from '@atelier/contracts';
import { InvalidArgumentError, type Command } from 'commander';
import { CliError, EXIT_USAGE } from '../cli-error';
import { printResult, renderTable } from '../output';
import type { ClientFor, Examples } from './command-kit';

const PROMPT_WIDTH = 40;

/** A page argument: forge or dream. */
function examplePage(value: string): ExamplePage {
  if (!(EXAMPLE_PAGES as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be ${EXAMPLE_PAGES.join(' or ')}`);
  return value as ExamplePage;
}

/** A position argument: a whole number from 1; its page's count is checked once both are known. */
function wholePosition(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('must be a whole number from 1');
  return Number(value);
}

function checkPosition(page: ExamplePage, position: number): void {
  const count = EXAMPLE_IMAGE_COUNTS[page];
  if (position > count) throw new CliError(`the ${page} page has examples 1 to ${count}, not ${position}`, EXIT_USAGE);
}

const shorten = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

/** "forge 2 shows /assets/examples/….png, made with SDXL 1.0" */
const shows = (example: AdminGenerationExample) => `${example.page} ${example.position} shows ${example.url}, made with ${example.model}`;

/** `atelier examples ...`: the pictures the Forge and Dream pages show before a first result, each with its model. */
export function registerExampleCommands(program: Command, clientFor: ClientFor, examples: Examples): void {
  const group = program
    .command('examples')
    .description('the example pictures of the Forge (5) and Dream (9) pages, each with the model that made it: list, replace, restore')
    .addHelpText('after', examples('atelier examples list', 'atelier examples set forge 2 ./fox.png --model "SDXL 1.0" --prompt "a red fox in the snow"'));

  group
    .command('list')
    .description('every example with its model, prompt and picture')
    .option('--json', 'print the examples as JSON')
    .addHelpText('after', examples('atelier examples list', 'atelier examples list --json'))
    .action(async (options: { json?: boolean }, command: Command) => {
      const { body: list } = await clientFor(command).get('/admin/examples');
      printResult(list, options, () =>
        renderTable(
          ['PAGE', '#', 'MODEL', 'PROMPT', 'PICTURE', 'SOURCE'],
          list.map((example) => [
            example.page,
            example.position,
            example.model,
            example.prompt === null ? '-' : shorten(example.prompt, PROMPT_WIDTH),
            example.url,
            example.builtIn ? 'built-in' : 'yours',
          ]),
        ),
      );
    });

  group
    .command('set')
    .description('show a picture of yours (JPEG or PNG) as an example, naming the model that made it')
    .argument('<page>', EXAMPLE_PAGES.join(' or '), examplePage)
    .argument('<position>', `which example: 1-${EXAMPLE_IMAGE_COUNTS.forge} on forge, 1-${EXAMPLE_IMAGE_COUNTS.dream} on dream`, wholePosition)
    .argument('<picture>', 'the picture file')
    .requiredOption('--model <model>', 'the model that made it, shown under the picture (e.g. "SDXL 1.0")')
    .option('--prompt <text>', 'the prompt it was made from')
    .option('--json', 'print the example as JSON')
    .addHelpText('after', examples('atelier examples set forge 2 ./fox.png --model "SDXL 1.0" --prompt "a red fox in the snow"', 'atelier examples set dream 9 ./nightmare.jpg --model "FLUX.1 [dev]"'))
    .action(async (page: ExamplePage, position: number, file: string, options: { model: string; prompt?: string; json?: boolean }, command: Command) => {
      checkPosition(page, position);
      if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw new CliError(`${file} is not a file`);
      if (!options.model.trim()) throw new CliError('--model must name the model that made the picture', EXIT_USAGE);
      const form = new FormData();
      form.set('model', options.model);
      if (options.prompt !== undefined) form.set('prompt', options.prompt);
      form.set('picture', new Blob([fs.readFileSync(file)]), path.basename(file));
      const { body: example } = await clientFor(command).post('/admin/examples/{page}/{position}', { path: { page, position }, form });
      printResult(example, options, () => `Example ${shows(example)}`);
    });

  group
    .command('reset')
    .description("show Atelier's own picture again (drawn by its built-in renderer); a picture you sent for it is removed")
    .argument('<page>', EXAMPLE_PAGES.join(' or '), examplePage)
    .argument('<position>', 'which example', wholePosition)
    .option('--json', 'print the example as JSON')
    .addHelpText('after', examples('atelier examples reset forge 2'))
    .action(async (page: ExamplePage, position: number, options: { json?: boolean }, command: Command) => {
      checkPosition(page, position);
      const { body: example } = await clientFor(command).post('/admin/examples/{page}/{position}/reset', { path: { page, position } });
      printResult(example, options, () => `Example ${shows(example)} (built in)`);
    });
}
