import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ContentLink, Patent, SiteProfile, SkillArea } from '@atelier/contracts';
import type { Command } from 'commander';
import { ApiError, type ApiClient } from '../api-client';
import { CliError } from '../cli-error';
import { print, renderRecord } from '../output';
import { Prompter, type Parse } from '../prompter';
import type { ClientFor, Examples } from './command-kit';

// `atelier setup`: the owner's first step after installing. The profile card is asked for field by
// field, each current value offered as the default, and written once at the end, after a summary.


/** What answers mean: Enter keeps the value shown, `-` removes it (where it may go). */
const KEEP = '';
const REMOVE = '-';

const text: Parse<string> = (answer) => ({ value: answer });
const required =
  (what: string): Parse<string> =>
  (answer) => (answer ? { value: answer } : { problem: `${what} cannot be empty` });
const whole =
  (min: number, max: number): Parse<number> =>
  (answer) =>
    /^\d+$/.test(answer) && Number(answer) >= min && Number(answer) <= max
      ? { value: Number(answer) }
      : { problem: `give a whole number from ${min} to ${max}` };
const webAddress: Parse<string> = (answer) =>
  /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(answer) ? { value: answer } : { problem: 'give a full address starting with https://' };
const yesOrNo: Parse<boolean> = (answer) =>
  /^(y|yes)$/i.test(answer) ? { value: true } : /^(n|no)$/i.test(answer) ? { value: false } : { problem: 'answer y or n' };

/** Enter keeps `current`; anything else goes through `parse`. */
function keepOr<T>(current: T, parse: Parse<T>): Parse<T> {
  return (answer) => (answer === KEEP ? { value: current } : parse(answer));
}

/** As keepOr, and `-` removes the value. */
function keepOrRemove<T>(current: T | undefined, parse: Parse<T>): Parse<T | undefined> {
  return (answer) => (answer === REMOVE ? { value: undefined } : keepOr<T | undefined>(current, parse)(answer));
}

/** A JPEG or PNG the owner can read; the site checks the rest (size, dimensions) when it is sent. */
const photoFile: Parse<string | undefined> = (answer) => {
  if (answer === KEEP) return { value: undefined };
  const file = path.resolve(answer.replace(/^~(?=\/)/, process.env.HOME ?? '~'));
  let head: Buffer;
  try {
    const handle = fs.openSync(file, 'r');
    head = Buffer.alloc(8);
    fs.readSync(handle, head, 0, 8, 0);
    fs.closeSync(handle);
  } catch {
    return { problem: `cannot read ${file}` };
  }
  const isJpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const isPng = head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return isJpeg || isPng ? { value: file } : { problem: `${file} is not a JPEG or PNG picture` };
};

/** Asks "Another …" until an empty answer, each time for one more entry. */
async function askForMore<T>(prompter: Prompter, question: string, entry: (first: string) => Promise<T>): Promise<T[]> {
  const added: T[] = [];
  for (let first = await prompter.ask(question); first !== KEEP; first = await prompter.ask(question)) added.push(await entry(first));
  return added;
}

async function askForSkills(prompter: Prompter, skills: SkillArea[]): Promise<SkillArea[]> {
  prompter.say(`\nYears of experience per skill area (Enter keeps, ${REMOVE} removes the area):`);
  const kept: SkillArea[] = [];
  for (const skill of skills) {
    const years = await prompter.askUntil(`  ${skill.name}, years`, String(skill.years), keepOrRemove(skill.years, whole(0, 80)));
    if (years !== undefined) kept.push({ name: skill.name, years });
  }
  const added = await askForMore(prompter, '  Another skill area (Enter when done)', async (name) => ({
    name,
    years: await prompter.askUntil(`  ${name}, years`, undefined, whole(0, 80)),
  }));
  return [...kept, ...added];
}

/** A patent's number and link; either may stay unknown, and the card then shows neither. */
async function askForPatentDetails(prompter: Prompter, patent: Patent): Promise<Patent> {
  const number = await prompter.askUntil('    Number, e.g. US 10,592,359 B2', patent.number ?? 'none', keepOrRemove(patent.number, text));
  const url = await prompter.askUntil('    Link to it (https://...)', patent.url ?? 'none', keepOrRemove(patent.url, webAddress));
  return { title: patent.title, year: patent.year, ...(number ? { number } : {}), ...(url ? { url } : {}) };
}

async function askForPatents(prompter: Prompter, patents: Patent[]): Promise<Patent[]> {
  prompter.say(`\nPatents (Enter keeps, ${REMOVE} clears a number or link; a patent without them shows its title and year):`);
  const kept: Patent[] = [];
  for (const patent of patents) {
    prompter.say(`  "${patent.title}" (${patent.year})`);
    kept.push(await askForPatentDetails(prompter, patent));
  }
  const added = await askForMore(prompter, "  Another patent's title (Enter when done)", async (title) => {
    const year = await prompter.askUntil('    Year granted', undefined, whole(1900, 2100));
    return askForPatentDetails(prompter, { title, year });
  });
  return [...kept, ...added];
}

async function askForLinks(prompter: Prompter, links: ContentLink[]): Promise<ContentLink[]> {
  prompter.say(`\nLinks to your profiles and code, such as GitHub or LinkedIn (Enter keeps, ${REMOVE} removes):`);
  const kept: ContentLink[] = [];
  for (const link of links) {
    const url = await prompter.askUntil(`  ${link.label}`, link.url, keepOrRemove(link.url, webAddress));
    if (url) kept.push({ label: link.label, url });
  }
  const added = await askForMore(prompter, "  Another link's label, e.g. GitHub (Enter when done)", async (label) => ({
    label,
    url: await prompter.askUntil(`  ${label} address`, undefined, webAddress),
  }));
  return [...kept, ...added];
}

async function askForAvailability(prompter: Prompter, lines: string[]): Promise<string[]> {
  prompter.say('\nAvailability, as the card shows it:');
  for (const line of lines) prompter.say(`  ${line}`);
  const first = await prompter.ask('  New lines, one at a time (Enter keeps the lines above)');
  if (first === KEEP) return lines;
  const more = await askForMore(prompter, '  Next line (Enter when done)', async (line) => line);
  return [first, ...more];
}

/** The whole card as the owner answered it, and the photo file to send (none keeps the current photo). */
async function askForProfile(prompter: Prompter, current: SiteProfile): Promise<{ profile: SiteProfile; photo?: string }> {
  prompter.say("Atelier setup: your home page's profile card. Enter keeps the value in [brackets].\n");
  const ownerName = await prompter.askUntil('Your name', current.ownerName, keepOr(current.ownerName, required('Your name')));
  const headline = await prompter.askUntil('Headline', current.headline, keepOr(current.headline, required('The headline')));
  const summary = await prompter.askUntil('A few sentences about you', current.summary, keepOr(current.summary, required('The summary')));
  const photo = await prompter.askUntil('A photo of you: path to a JPEG or PNG', 'keep the current one', photoFile);
  const profile: SiteProfile = {
    ...current,
    ownerName,
    headline,
    summary,
    // The seed's alternative text names the seed's owner; a new photo is simply the owner's.
    photoAlt: photo ? ownerName : current.photoAlt.split(current.ownerName).join(ownerName),
    skills: await askForSkills(prompter, current.skills),
    patents: await askForPatents(prompter, current.patents),
    links: await askForLinks(prompter, current.links),
    availability: await askForAvailability(prompter, current.availability),
  };
  return { profile, photo };
}

function summaryOf(profile: SiteProfile, photo: string | undefined): string {
  return renderRecord([
    ['name', profile.ownerName],
    ['headline', profile.headline],
    ['photo', photo ? `${photo} (to upload)` : profile.photo],
    ['skills', profile.skills.map((skill) => `${skill.name} ${skill.years}`).join(', ') || '(none)'],
    ['patents', profile.patents.map((patent) => `${patent.number ?? 'no number'}: ${patent.title}`).join('\n') || '(none)'],
    ['links', profile.links.map((link) => `${link.label} ${link.url}`).join('\n') || '(none)'],
    ['availability', profile.availability.join('\n') || '(none)'],
  ]);
}

async function setup(command: Command, clientFor: ClientFor): Promise<void> {
  const client = clientFor(command);
  const { body: current } = await client.get('/admin/content/site');
  const prompter = new Prompter();
  try {
    const { profile, photo } = await askForProfile(prompter, current);
    prompter.say(`\n${summaryOf(profile, photo)}`);
    if (!(await prompter.askUntil('Save this to the site? (y/n)', 'y', keepOr(true, yesOrNo)))) {
      print('Nothing was saved');
      return;
    }
    // The card first: if the site refuses a field, nothing has changed yet, photo included.
    await client.put('/admin/content/site', { json: profile });
    if (photo) await sendPhoto(client, photo);
    print(`Saved the profile card${photo ? ' and its photo' : ''}`);
  } finally {
    prompter.close();
  }
}

async function sendPhoto(client: ApiClient, file: string): Promise<void> {
  const form = new FormData();
  form.set('picture', new Blob([fs.readFileSync(file)]), path.basename(file));
  try {
    await client.post('/admin/content/site/photo', { form });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new CliError(`saved the profile card, but the site refused the photo: ${error.message}; run atelier setup again with another picture`);
  }
}

export function registerSetupCommand(program: Command, clientFor: ClientFor, examples: Examples): void {
  program
    .command('setup')
    .description("set up the home page's profile card step by step: name, headline, photo, years per skill area, patents, links, availability")
    .addHelpText('after', examples('atelier setup', 'atelier setup < answers.txt  # one answer per line, as a script'))
    .action((_options: unknown, command: Command) => setup(command, clientFor));
}
