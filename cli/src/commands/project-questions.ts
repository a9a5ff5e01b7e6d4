import * as fs from 'node:fs';
import type { Parse, Prompter } from '../prompter';
import type { Item } from './content-fields';

/** A new project as the owner answered for it: its fields, and the files its card and page show. */
export interface ProjectAnswers {
  fields: Item;
  /** The cover picture on disk. */
  image: string;
  /** The page's Markdown on disk. */
  body?: string;
  /** Pictures and videos on disk for the page's gallery. */
  gallery: string[];
}

const required =
  (what: string): Parse<string> =>
  (answer) =>
    answer ? { value: answer } : { problem: `${what} cannot be empty` };

const readable: Parse<string | undefined> = (answer) => {
  if (!answer) return { value: undefined };
  return fs.existsSync(answer) ? { value: answer } : { problem: `cannot read ${answer}` };
};

/** Asks for what a project needs (`atelier projects add` on a terminal, `atelier setup`); the rest follows from it. */
export async function askForProject(prompter: Prompter): Promise<ProjectAnswers> {
  prompter.say('A project: its card on the home page and its page at /project/<slug>.');
  const title = await prompter.askUntil('  Title', undefined, required('The title'));
  const suggested = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const slug = await prompter.askUntil('  Slug, its page is /project/<slug>', suggested, (answer) => {
    const value = answer || suggested;
    return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) ? { value } : { problem: 'lower-case letters, digits and single dashes, such as my-project' };
  });
  const period = await prompter.askUntil('  Period, e.g. 2024 - present', undefined, required('The period'));
  const role = await prompter.askUntil('  Your role, e.g. Lead developer', undefined, required('The role'));
  const narrative = await prompter.askUntil('  A few sentences about it', undefined, required('The description'));
  const image = await prompter.askUntil<string>('  Cover picture: path to a JPEG or PNG', undefined, (answer) => {
    if (!answer) return { problem: 'a project needs a cover picture' };
    return fs.existsSync(answer) ? { value: answer } : { problem: `cannot read ${answer}` };
  });
  const body = await prompter.askUntil("  The page's text: path to a Markdown file (Enter: none yet)", undefined, readable);
  const gallery = await prompter.askUntil<string[]>('  Pictures or videos for its page, separated by commas (Enter: none)', undefined, (answer) => {
    const files = answer
      .split(',')
      .map((file) => file.trim())
      .filter(Boolean);
    const missing = files.find((file) => !fs.existsSync(file));
    return missing ? { problem: `cannot read ${missing}` } : { value: files };
  });
  return { fields: { slug, title, period, role, narrative }, image, body, gallery };
}
