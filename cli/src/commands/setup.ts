import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_SITE_SETTINGS, type ContentLink, type Patent, type SiteProfile, type SiteSettings, type SkillArea } from '@atelier/contracts';
import type { Command } from 'commander';
import { ApiError, type ApiClient } from '../api-client';
import { CliError } from '../cli-error';
import { print, renderRecord } from '../output';
import { Prompter, type Parse } from '../prompter';
import type { ClientFor, Examples } from './command-kit';
import { addProject } from './content';
import { sendPhoto } from './content-documents';
import { removeDemo } from './demo';
import { sendCv } from './site-cv';
import { askForProject, type ProjectAnswers } from './project-questions';

// `atelier setup`: the owner's first step after installing. It walks the whole site: the profile
// card field by field (each current value offered as the default), the CV, the site's name and home
// page, which of the demo's sections to keep, a first project, and the demo's own content. Nothing
// is written until the owner has seen a summary and said yes.


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

/** A PDF the owner can read (the CV); `-` takes the current one off the card. */
const cvFile: Parse<string | undefined | null> = (answer) => {
  if (answer === KEEP) return { value: undefined };
  if (answer === REMOVE) return { value: null };
  const file = path.resolve(answer.replace(/^~(?=\/)/, process.env.HOME ?? '~'));
  try {
    const head = Buffer.alloc(5);
    const handle = fs.openSync(file, 'r');
    fs.readSync(handle, head, 0, 5, 0);
    fs.closeSync(handle);
    return head.equals(Buffer.from('%PDF-')) ? { value: file } : { problem: `${file} is not a PDF file` };
  } catch {
    return { problem: `cannot read ${file}` };
  }
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
  prompter.say(`\nPatents (Enter keeps, ${REMOVE} removes a patent, or clears a number or link; a patent without them shows its title and year):`);
  const kept: Patent[] = [];
  for (const patent of patents) {
    const keep = await prompter.askUntil(`  "${patent.title}" (${patent.year})`, 'keep', keepOrRemove(true, (answer) => ({ problem: `Enter keeps it, ${REMOVE} removes it (not "${answer}")` })));
    if (keep) kept.push(await askForPatentDetails(prompter, patent));
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

/** The demo's sections an owner may keep or drop: a list emptied, or the Gen AI column hidden. */
interface Sections {
  ads: boolean;
  trending: boolean;
  notices: boolean;
  genAiColumn: boolean;
}

/** Everything setup writes, once the owner says yes. */
interface SetupAnswers {
  profile: SiteProfile;
  photo?: string;
  /** A PDF to upload; null takes the CV off the card. */
  cv?: string | null;
  settings: SiteSettings;
  sections: Sections;
  project?: ProjectAnswers;
  demo: { remove: boolean; members: boolean };
}

const yesOr = (current: boolean) => keepOr(current, yesOrNo);
const shownYes = (value: boolean) => (value ? 'y' : 'n');

async function askForSite(prompter: Prompter, settings: SiteSettings, owner: { was: string; is: string }): Promise<SiteSettings> {
  prompter.say("\nYour site: its name, the footer and the home page's title and heading.");
  const siteName = await prompter.askUntil('Site name', settings.siteName, keepOr(settings.siteName, required('The site name')));
  const logoText = await prompter.askUntil('Logo text', siteName, keepOr(siteName, required('The logo text')));
  // The demo's name, or the owner's as it was: their name as it is now is the better default.
  const footerDefault = [DEFAULT_SITE_SETTINGS.footer.name, owner.was].includes(settings.footer.name) ? owner.is : settings.footer.name;
  const footerName = await prompter.askUntil('Name after the © in the footer', footerDefault, keepOr(footerDefault, required('The name')));
  const year = await prompter.askUntil<number | 'current'>('Year after the ©: a year, or current', String(settings.footer.year), (answer) => {
    if (answer === KEEP) return { value: settings.footer.year };
    if (answer === 'current') return { value: 'current' };
    return whole(1900, 2200)(answer);
  });
  const home = settings.pages.home;
  const title = await prompter.askUntil("Home page's title (browser tab, search results)", home.title, keepOr(home.title, required('The title')));
  const heading = await prompter.askUntil("Home page's heading", home.heading ?? home.title, keepOr(home.heading ?? home.title, required('The heading')));
  return { ...settings, siteName, logoText, footer: { name: footerName, year }, pages: { ...settings.pages, home: { ...home, title, heading } } };
}

async function askForSections(prompter: Prompter, settings: SiteSettings): Promise<Sections> {
  prompter.say("\nThe demo's sections of the home page (n removes them; you can add your own later with the CLI):");
  return {
    ads: await prompter.askUntil('  Keep the sponsored GPU cards? (y/n)', 'y', yesOr(true)),
    trending: await prompter.askUntil('  Keep the trending members? (y/n)', 'y', yesOr(true)),
    notices: await prompter.askUntil('  Keep the notices? (y/n)', 'y', yesOr(true)),
    genAiColumn: await prompter.askUntil('  Keep the Gen AI column on wide screens? (y/n)', shownYes(settings.genAiColumn), yesOr(settings.genAiColumn)),
  };
}

/** The card, the site and the demo, as the owner answered for them. */
async function askForEverything(prompter: Prompter, current: SiteProfile, settings: SiteSettings): Promise<SetupAnswers> {
  const { profile, photo } = await askForProfile(prompter, current);
  prompter.say('\nYour CV: the profile card offers it for download. Visitors can also write to you from the card and your projects (atelier messages list).');
  const cv = await prompter.askUntil(`  A PDF of your CV (Enter keeps ${current.cv ? 'the current one' : 'none'}${current.cv ? `, ${REMOVE} removes it` : ''})`, undefined, cvFile);
  const site = await askForSite(prompter, settings, { was: current.ownerName, is: profile.ownerName });
  const sections = await askForSections(prompter, settings);
  prompter.say('');
  const project = (await prompter.askUntil('Add a project of yours now? (y/n)', 'n', yesOr(false))) ? await askForProject(prompter) : undefined;
  prompter.say("\nThe demo's own content: the stand-in's career, patents, projects, GPU ads, notice, trending people, gallery and exhibit pictures.");
  const remove = await prompter.askUntil('  Remove it now? (y/n)', 'n', yesOr(false));
  const members = remove && (await prompter.askUntil("  And the demo's Matrix Network members and their posts? (y/n)", 'n', yesOr(false)));
  return { profile, photo, cv, settings: { ...site, genAiColumn: sections.genAiColumn }, sections, project, demo: { remove, members } };
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

function siteSummaryOf(answers: SetupAnswers): string {
  const { settings, sections, cv, project, demo } = answers;
  const dropped = (['ads', 'trending', 'notices'] as const).filter((section) => !sections[section]);
  return renderRecord([
    ['cv', cv === null ? '(removed)' : cv ? `${cv} (to upload)` : (answers.profile.cv ?? '(none)')],
    ['site name', `${settings.siteName} (logo: ${settings.logoText})`],
    ['footer', `© ${settings.footer.year === 'current' ? 'this year' : settings.footer.year} ${settings.footer.name}`],
    ['home page', `${settings.pages.home.title}\n${settings.pages.home.heading ?? ''}`],
    ['sections', [dropped.length > 0 ? `remove: ${dropped.join(', ')}` : 'keep the ads, trending and notices', `Gen AI column: ${sections.genAiColumn ? 'shown' : 'hidden'}`].join('\n')],
    ['project', project ? `${String(project.fields.title)} (/project/${String(project.fields.slug)})` : '(none)'],
    ['demo content', demo.remove ? `remove${demo.members ? ', with its Matrix Network members' : ''}` : 'keep'],
  ]);
}

/** Writes what the owner said yes to, the card first: if the site refuses a field, nothing has changed yet. */
async function save(client: ApiClient, answers: SetupAnswers): Promise<string[]> {
  const done: string[] = [];
  await client.put('/admin/content/site', { json: answers.profile });
  done.push('the profile card');
  if (answers.photo) {
    await sendPhoto(client, answers.photo);
    done.push('its photo');
  }
  if (answers.cv === null && answers.profile.cv) {
    await client.delete('/admin/content/site/cv');
    done.push('removed the CV');
  } else if (answers.cv) {
    await sendCv(client, answers.cv);
    done.push('the CV');
  }
  await client.put('/admin/content/settings', { json: answers.settings });
  done.push("the site's name and home page");
  for (const section of ['ads', 'trending', 'notices'] as const) {
    if (answers.sections[section]) continue;
    const route = `/admin/content/${section}` as const;
    const { body: items } = await client.get(route);
    for (const item of items as Array<{ slug?: string; id?: string; _id?: string }>) {
      await client.delete(`/admin/content/${section}/{id}`, { path: { id: String(item.slug ?? item.id ?? item._id) } });
    }
    done.push(`removed the ${section === 'ads' ? 'GPU ads' : section}`);
  }
  if (answers.project) {
    const project = await addProject(client, answers.project);
    done.push(`the project /project/${String(project.slug)}`);
  }
  if (answers.demo.remove) {
    await removeDemo(client, answers.demo.members);
    done.push(`removed the demo's content${answers.demo.members ? ' and members' : ''}`);
  }
  return done;
}

async function setup(command: Command, clientFor: ClientFor): Promise<void> {
  const client = clientFor(command);
  const [{ body: current }, { body: settings }] = await Promise.all([client.get('/admin/content/site'), client.get('/admin/content/settings')]);
  const prompter = new Prompter();
  try {
    const answers = await askForEverything(prompter, current, settings);
    prompter.say(`\n${summaryOf(answers.profile, answers.photo)}\n${siteSummaryOf(answers)}`);
    if (!(await prompter.askUntil('Save this to the site? (y/n)', 'y', keepOr(true, yesOrNo)))) {
      print('Nothing was saved');
      return;
    }
    const done = await save(client, answers).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      throw new CliError(`the site refused a part of it: ${error.message}; what came before it was saved, run atelier setup again`);
    });
    print(`Saved ${done.join(', ')}`);
  } finally {
    prompter.close();
  }
}

export function registerSetupCommand(program: Command, clientFor: ClientFor, examples: Examples): void {
  program
    .command('setup')
    .description(
      "make the site yours step by step: the profile card (name, headline, photo, skills, patents, links, availability), your CV, the site's name and home page, which demo sections to keep, a first project, and removing the demo's content",
    )
    .addHelpText('after', examples('atelier setup', 'atelier setup < answers.txt  # one answer per line, as a script'))
    .action((_options: unknown, command: Command) => setup(command, clientFor));
}
