import { JOB_STATUSES, type AdminJob, type JobStatus } from '@atelier/contracts';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { printResult, renderRecord, renderTable, type Cell } from '../output';
import { wholeNumber, type ClientFor, type Examples } from './command-kit';

/** What the API lists at most in one answer. */
const LIST_MAX = 500;
const PROMPT_WIDTH = 40;
const MINUTES_PER_UNIT = { m: 1, h: 60, d: 24 * 60 } as const;

/** Ten years, as the API allows. */
const AGE_MAX_MINUTES = 10 * 366 * MINUTES_PER_UNIT.d;

/** `7d`, `12h`, `30m` as whole minutes, what the purge endpoint takes; `0d` means every finished job. */
export function parseAge(value: string): number {
  const match = /^(\d+)([dhm])$/.exec(value.trim());
  const minutes = match ? Number(match[1]) * MINUTES_PER_UNIT[match[2] as keyof typeof MINUTES_PER_UNIT] : NaN;
  if (!(minutes <= AGE_MAX_MINUTES)) {
    throw new InvalidArgumentError('must be a whole number of days, hours or minutes (at most ten years), such as 7d, 12h or 30m');
  }
  return minutes;
}

/** Minutes back in the largest unit that divides them: 10080 → 7d. */
function formatAge(minutes: number): string {
  if (minutes % MINUTES_PER_UNIT.d === 0) return `${minutes / MINUTES_PER_UNIT.d}d`;
  if (minutes % MINUTES_PER_UNIT.h === 0) return `${minutes / MINUTES_PER_UNIT.h}h`;
  return `${minutes}m`;
}

/** `atelier jobs ...`: the Forge and Dream-o-matic generation jobs. */
export function registerJobCommands(program: Command, clientFor: ClientFor, examples: Examples): void {
  const jobs = program
    .command('jobs')
    .description('generation jobs (Forge prompts and Dream-o-matic dreams): list, inspect, cancel, retry, purge')
    .addHelpText('after', examples('atelier jobs list --status IN_PROGRESS', 'atelier jobs purge --older-than 7d'));

  jobs
    .command('list')
    .description('jobs newest first, with status, prompt, worker and timing')
    .addOption(new Option('--status <status>', 'only jobs in this state').choices(JOB_STATUSES))
    .option('--limit <n>', `at most this many jobs (default 50, max ${LIST_MAX})`, wholeNumber(1, LIST_MAX))
    .option('--json', 'print the jobs as JSON')
    .addHelpText('after', examples('atelier jobs list', 'atelier jobs list --status ERROR --limit 10', 'atelier jobs list --json'))
    .action(async (options: { status?: JobStatus; limit?: number; json?: boolean }, command: Command) => {
      const query = { status: options.status, limit: options.limit === undefined ? undefined : String(options.limit) };
      const { body: list } = await clientFor(command).get('/admin/jobs', { query });
      printResult(list, options, () =>
        list.length === 0
          ? `No ${options.status ? `${options.status} ` : ''}jobs.`
          : renderTable(
              ['ID', 'STATUS', 'PROMPT/MODE', 'WORKER', 'CREATED', 'TIME'],
              list.map((job) => [job.id, job.status, truncate(promptOrMode(job), PROMPT_WIDTH), job.workerId ?? '-', job.createdAt, duration(job.executionTime)]),
            ),
      );
    });

  jobs
    .command('show <id>')
    .description("one job's details: prompt, worker, attempts, error, timings and picture URL")
    .option('--json', 'print the job as JSON')
    .addHelpText('after', examples('atelier jobs show 3f2b…', 'atelier jobs show 3f2b… --json'))
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const { body: job } = await clientFor(command).get('/admin/jobs/{id}', { path: { id } });
      printResult(job, options, () => renderJob(job));
    });

  jobs
    .command('cancel <id>')
    .description('cancel a waiting or running job (a running one is stopped on its worker)')
    .option('--json', 'print the cancelled job as JSON')
    .addHelpText('after', examples('atelier jobs cancel 3f2b…'))
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const { body: job } = await clientFor(command).post('/admin/jobs/{id}/cancel', { path: { id } });
      printResult(job, options, () => `Job ${job.id} cancelled`);
    });

  jobs
    .command('retry <id>')
    .description('run a job that failed, was cancelled or timed out again, as a new job with the same prompt')
    .option('--json', 'print the new job as JSON')
    .addHelpText('after', examples('atelier jobs retry 3f2b…', 'atelier jobs retry 3f2b… --json'))
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const { body: job } = await clientFor(command).post('/admin/jobs/{id}/retry', { path: { id } });
      printResult(job, options, () => `Job ${id} retried as job ${job.id} (${job.status})`);
    });

  jobs
    .command('purge')
    .description('delete finished jobs (completed, failed, cancelled, timed out) and their pictures')
    .addOption(
      new Option('--older-than <age>', 'only jobs that finished longer ago than this: 7d, 12h, 30m').argParser(parseAge).makeOptionMandatory(),
    )
    .option('--json', 'print the result as JSON')
    .addHelpText('after', examples('atelier jobs purge --older-than 7d', 'atelier jobs purge --older-than 12h --json'))
    .action(async (options: { olderThan: number; json?: boolean }, command: Command) => {
      const { body: result } = await clientFor(command).post('/admin/jobs/purge', { json: { olderThanMinutes: options.olderThan } });
      printResult(result, options, () => `Deleted ${result.deleted} finished job${result.deleted === 1 ? '' : 's'} older than ${formatAge(options.olderThan)}`);
    });
}

function promptOrMode(job: AdminJob): string {
  return job.dreamMode ? `${job.dreamMode}: ${job.prompt}` : job.prompt;
}

function truncate(text: string, width: number): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

function duration(ms: number | null): string {
  return ms === null ? '-' : `${ms} ms`;
}

function renderJob(job: AdminJob): string {
  const rows: Array<[string, Cell]> = [
    ['ID', job.id],
    ['Status', job.status],
    ['Prompt', job.prompt],
  ];
  if (job.dreamMode) rows.push(['Dream mode', job.dreamMode]);
  rows.push(
    ['Worker', job.workerId ?? '-'],
    ['Provider', job.provider ?? '-'],
    ['Attempts', job.attempts],
    ['Created', job.createdAt],
    ['Started', job.startedAt ?? '-'],
    ['Finished', job.finishedAt ?? '-'],
    ['Waited', duration(job.delayTime)],
    ['Execution time', duration(job.executionTime)],
  );
  if (job.url) rows.push(['Picture', job.url]);
  if (job.error) rows.push(['Error', job.error]);
  return renderRecord(rows);
}
