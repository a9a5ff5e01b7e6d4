import { ADMIN_MESSAGE_LIST, type ContactMessage } from '@atelier/contracts';
import type { Command } from 'commander';
import { print, printResult, renderRecord, renderTable } from '../output';
import { wholeNumber, type ClientFor, type Examples } from './command-kit';

const PREVIEW_WIDTH = 40;
const REASON_WIDTH = 40;

/** `Ada Lovelace <ada@example.com>` */
const sender = (message: ContactMessage) => `${message.name} <${message.email}>`;

function truncate(text: string, width: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

/** The mail's outcome in a few words: `sent`, `not configured`, `failed: <why>`. */
function mailOf(message: ContactMessage, reasonWidth?: number): string {
  if (message.mailStatus === 'not-configured') return 'not configured (no SMTP_URL)';
  if (message.mailStatus !== 'failed') return message.mailStatus;
  const reason = message.mailError ?? 'no reason given';
  return `failed: ${reasonWidth === undefined ? reason : truncate(reason, reasonWidth)}`;
}

/** `atelier messages ...`: what visitors sent with the site's contact form. */
export function registerMessageCommands(program: Command, clientFor: ClientFor, examples: Examples): void {
  const messages = program
    .command('messages')
    .description("visitors' messages from the site's contact form: list them, read one, remove one")
    .addHelpText('after', examples('atelier messages list', 'atelier messages show 3f2b…', 'atelier messages remove 3f2b…'));

  messages
    .command('list')
    .description('messages newest first, unread ones marked *, with the sender and whether the mail to you went out')
    .option('--limit <n>', `at most this many (default ${ADMIN_MESSAGE_LIST.defaultLimit})`, wholeNumber(1, ADMIN_MESSAGE_LIST.maxLimit))
    .option('--json', 'print the messages as JSON')
    .addHelpText('after', examples('atelier messages list', 'atelier messages list --limit 10', 'atelier messages list --json'))
    .action(async (options: { limit?: number; json?: boolean }, command: Command) => {
      const { body: list } = await clientFor(command).get('/admin/messages', { query: { limit: options.limit } });
      printResult(list, options, () => {
        if (list.length === 0) return 'No messages yet.';
        const unread = list.filter((message) => !message.read).length;
        const table = renderTable(
          ['NEW', 'ID', 'FROM', 'MESSAGE', 'RECEIVED', 'MAIL'],
          list.map((message) => [
            message.read ? '' : '*',
            message.id,
            sender(message),
            truncate(message.message, PREVIEW_WIDTH),
            message.createdAt,
            mailOf(message, REASON_WIDTH),
          ]),
        );
        return `${table}\n${list.length} message${list.length === 1 ? '' : 's'}, ${unread} unread (* new); read one with atelier messages show <id>`;
      });
    });

  messages
    .command('show <id>')
    .description('one message in full; it counts as read from now on')
    .option('--json', 'print the message as JSON')
    .addHelpText('after', examples('atelier messages show 3f2b…', 'atelier messages show 3f2b… --json'))
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const { body: message } = await clientFor(command).get('/admin/messages/{id}', { path: { id } });
      printResult(message, options, () => `${renderMessage(message)}\n\n${message.message}`);
    });

  messages
    .command('remove <id>')
    .description('delete a message')
    .addHelpText('after', examples('atelier messages remove 3f2b…'))
    .action(async (id: string, _options: unknown, command: Command) => {
      await clientFor(command).delete('/admin/messages/{id}', { path: { id } });
      print(`Message ${id} removed`);
    });
}

function renderMessage(message: ContactMessage): string {
  return renderRecord([
    ['ID', message.id],
    ['From', sender(message)],
    ['Received', message.createdAt],
    ['Read', message.readAt ? `yes, first on ${message.readAt}` : 'no'],
    ['Mail', mailOf(message)],
    ['Sent from', message.clientAddress],
  ]);
}
