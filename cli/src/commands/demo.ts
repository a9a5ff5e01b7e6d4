import { DEMO_CONTENT_KINDS, DEMO_MEMBER_KINDS, type DemoRemoval } from '@atelier/contracts';
import type { Command } from 'commander';
import type { ApiClient } from '../api-client';
import { CliError, EXIT_USAGE } from '../cli-error';
import { print, printResult } from '../output';
import { Prompter } from '../prompter';
import type { ClientFor, Examples } from './command-kit';

// `atelier demo ...`: the fictional content a fresh install is seeded with (the stand-in's career,
// patents, projects, GPU ads, notice, trending people, gallery and exhibit pictures; with --members
// the Matrix Network's demo members and their posts), removed in one step once the site is the
// owner's. The /dev resources are real links and stay; so does the guest account.

type Counted = Exclude<keyof DemoRemoval, 'dryRun'>;

/** How each count reads: one, and more than one. */
const NOUNS: Record<Counted, [string, string]> = {
  career: ['career item', 'career items'],
  patents: ['patent', 'patents'],
  projects: ['project', 'projects'],
  ads: ['GPU ad', 'GPU ads'],
  notices: ['notice', 'notices'],
  gallery: ['gallery item', 'gallery items'],
  exhibit: ['exhibit item', 'exhibit items'],
  trending: ['trending person', 'trending people'],
  members: ['demo member', 'demo members'],
  posts: ['post', 'posts'],
  comments: ['comment', 'comments'],
  likes: ['like', 'likes'],
  friendships: ['friendship', 'friendships'],
  pictures: ['file', 'files'],
};

const counted = (count: number, kind: Counted) => `${count} ${NOUNS[kind][count === 1 ? 0 : 1]}`;

/** `a, b and c` */
const listed = (parts: string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/** The report's non-zero kinds as words (`5 career items, 2 patents and 6 projects`), files aside; empty when nothing. */
function rowsOf(report: DemoRemoval): string {
  const kinds = [...DEMO_CONTENT_KINDS, ...DEMO_MEMBER_KINDS] as const;
  return listed(kinds.filter((kind) => (report[kind] ?? 0) > 0).map((kind) => counted(report[kind] ?? 0, kind)));
}

const isEmpty = (report: DemoRemoval) => rowsOf(report) === '' && report.pictures === 0;

/** What a removal did, in one line: `Removed 5 career items, …; deleted 143 files nothing names any more.`, or `No demo content left.` */
export function describeRemoval(report: DemoRemoval): string {
  if (isEmpty(report)) return 'No demo content left.';
  const rows = rowsOf(report);
  const files = `deleted ${counted(report.pictures, 'pictures')} nothing names any more`;
  if (!rows) return `${files.charAt(0).toUpperCase()}${files.slice(1)}.`;
  return report.pictures > 0 ? `Removed ${rows}; ${files}.` : `Removed ${rows}.`;
}

/** What a removal would do (the dry run), in one line. */
function describeDryRun(report: DemoRemoval): string {
  if (isEmpty(report)) return 'No demo content left.';
  const files = report.pictures > 0 ? `, and delete ${counted(report.pictures, 'pictures')} nothing would name any more` : '';
  return `atelier demo remove${report.members === undefined ? '' : ' --members'} would remove ${rowsOf(report) || 'no rows'}${files}.`;
}

/** What `atelier demo remove` would remove (removes nothing). */
export async function demoLeft(client: ApiClient, members: boolean): Promise<DemoRemoval> {
  return (await client.get('/admin/demo', { query: { members: members ? 'true' : 'false' } })).body;
}

/**
 * Removes the demo's content, and with `members` its Matrix Network members: what `atelier setup`
 * calls too. Run during a first start, the site first draws the seed's pictures it has not drawn
 * yet (so none is written after its deletion): that may take longer than a usual call.
 */
export async function removeDemo(client: ApiClient, members: boolean): Promise<DemoRemoval> {
  return (await client.post('/admin/demo/remove', { json: { members }, timeoutMs: 120_000 })).body;
}

/** Shows what would go and asks; true when the owner says yes. */
async function confirmed(left: DemoRemoval): Promise<boolean> {
  const prompter = new Prompter();
  try {
    prompter.say(describeDryRun(left));
    for (;;) {
      const answer = (await prompter.ask('Remove it? (y/n)', 'n')).toLowerCase();
      if (/^(y|yes)$/.test(answer)) return true;
      if (answer === '' || /^(n|no)$/.test(answer)) return false;
      prompter.say('  answer y or n');
    }
  } finally {
    prompter.close();
  }
}

/** `atelier demo ...`: see what is left of the demo's fictional content, and remove it. */
export function registerDemoCommands(program: Command, clientFor: ClientFor, examples: Examples): void {
  const demo = program
    .command('demo')
    .description("the demo's fictional content (the stand-in's career, patents, projects, GPU ads, notice, trending people, gallery and exhibit pictures, and the demo's Matrix Network members): see it, remove it")
    .addHelpText('after', examples('atelier demo show', 'atelier demo remove', 'atelier demo remove --members --yes'));

  demo
    .command('show')
    .description('what atelier demo remove would remove, by kind, with the files that would go; removes nothing')
    .option('--members', "include the demo's Matrix Network members, with their posts, comments, likes and friendships")
    .option('--json', 'print the report as JSON')
    .addHelpText('after', examples('atelier demo show', 'atelier demo show --members', 'atelier demo show --json'))
    .action(async (options: { members?: boolean; json?: boolean }, command: Command) => {
      const client = clientFor(command);
      const left = await demoLeft(client, Boolean(options.members));
      // Said even when the content is gone: "No demo content left." alone would hide the members.
      const members = options.members || options.json ? 0 : ((await demoLeft(client, true)).members ?? 0);
      printResult(left, options, () =>
        members > 0
          ? `${describeDryRun(left)}\nWith --members, also the demo's ${members} Matrix Network member${members === 1 ? '' : 's'} and their posts (never the guest).`
          : describeDryRun(left),
      );
    });

  demo
    .command('remove')
    .description(
      "remove the demo's fictional content the seed made, and the seed's files nothing names any more; what you added stays, and so do the /dev resources. On a terminal it shows what would go and asks first",
    )
    .option('--members', "also the demo's Matrix Network members (never the guest), with their posts, comments, likes and friendships")
    .option('-y, --yes', 'remove without asking (needed when stdin is not a terminal)')
    .option('--json', 'print what was removed as JSON')
    .addHelpText(
      'after',
      examples('atelier demo remove', 'atelier demo remove --members', 'atelier demo remove --yes --json     # in a script'),
    )
    .action(async (options: { members?: boolean; yes?: boolean; json?: boolean }, command: Command) => {
      const members = Boolean(options.members);
      if (!options.yes && !process.stdin.isTTY) {
        throw new CliError('demo remove asks before it removes anything, and stdin is not a terminal: add --yes (atelier demo show says what would go)', EXIT_USAGE);
      }
      const client = clientFor(command);
      if (!options.yes) {
        // Nothing left: no question, and the removal below says so.
        const left = await demoLeft(client, members);
        if (!isEmpty(left) && !(await confirmed(left))) {
          print('Nothing was removed.');
          return;
        }
      }
      const report = await removeDemo(client, members);
      printResult(report, options, () => describeRemoval(report));
    });
}
