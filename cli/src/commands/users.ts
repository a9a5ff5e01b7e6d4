import { ADMIN_MEMBER_LIST, GUEST_ACCOUNT, type AdminMember } from '@atelier/contracts';
import type { Command } from 'commander';
import { printResult, renderRecord, renderTable } from '../output';
import { wholeNumber, type ClientFor, type Examples } from './command-kit';

const fullName = (member: AdminMember) => `${member.firstName} ${member.lastName}`;
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** `atelier users ...`: Matrix Network members, for the owner. */
export function registerUserCommands(program: Command, clientFor: ClientFor, examples: Examples): void {
  const users = program
    .command('users')
    .description('Matrix Network members: find them, disable or enable them, restore the guest account')
    .addHelpText('after', examples('atelier users list --search ada', 'atelier users disable ada@example.com', 'atelier users reset-guest'));

  users
    .command('list')
    .description('members, newest first, with their friends and posts counts and whether they are disabled')
    .option('-s, --search <text>', 'only members whose name or email contains this (case-blind)')
    .option('--limit <n>', `at most this many (default ${ADMIN_MEMBER_LIST.defaultLimit})`, wholeNumber(1, ADMIN_MEMBER_LIST.maxLimit))
    .option('--json', 'print the members as JSON')
    .addHelpText('after', examples('atelier users list', 'atelier users list --search lovelace --limit 10', 'atelier users list --json'))
    .action(async (options: { search?: string; limit?: number; json?: boolean }, command: Command) => {
      const query = { q: options.search || undefined, limit: options.limit };
      const { body: list } = await clientFor(command).get('/admin/users', { query });
      printResult(list, options, () =>
        list.length === 0
          ? options.search
            ? `No member's name or email contains "${options.search}".`
            : 'No members yet.'
          : renderTable(
              ['ID', 'NAME', 'EMAIL', 'LOCATION', 'OCCUPATION', 'FRIENDS', 'POSTS', 'DISABLED', 'JOINED'],
              list.map((member) => [
                member.id,
                fullName(member),
                member.email,
                member.location,
                member.occupation,
                member.friends,
                member.posts,
                yesNo(member.disabled),
                member.createdAt,
              ]),
            ),
      );
    });

  users
    .command('show <id-or-email>')
    .description("one member's details")
    .option('--json', 'print the member as JSON')
    .addHelpText('after', examples('atelier users show ada@example.com', 'atelier users show 3f2b… --json'))
    .action(async (idOrEmail: string, options: { json?: boolean }, command: Command) => {
      const { body: member } = await clientFor(command).get('/admin/users/{idOrEmail}', { path: { idOrEmail } });
      printResult(member, options, () => renderMember(member));
    });

  for (const [name, disabled, help, effect] of [
    ['disable', true, 'stop a member from signing in; the tokens they hold stop working at once', 'they can no longer sign in'],
    ['enable', false, 'let a disabled member sign in again', 'they can sign in again'],
  ] as const) {
    users
      .command(`${name} <id-or-email>`)
      .description(help)
      .option('--json', 'print the member as JSON')
      .addHelpText('after', examples(`atelier users ${name} ada@example.com`, `atelier users ${name} 3f2b…`))
      .action(async (idOrEmail: string, options: { json?: boolean }, command: Command) => {
        const { body: member } = await clientFor(command).post(`/admin/users/{idOrEmail}/${name}`, { path: { idOrEmail } });
        printResult(member, options, () => `Member ${fullName(member)} <${member.email}> (${member.id}) ${disabled ? 'disabled' : 'enabled'}: ${effect}`);
      });
  }

  users
    .command('reset-guest')
    .description(`restore the guest account (${GUEST_ACCOUNT.email}) as seeded: its fields, counters, documented password and content (what it wrote since is removed), its old tokens ended, enabled, created again if removed`)
    .option('--json', 'print the guest as JSON')
    .addHelpText('after', examples('atelier users reset-guest'))
    .action(async (options: { json?: boolean }, command: Command) => {
      const { body: guest } = await clientFor(command).post('/admin/users/reset-guest');
      printResult(
        guest,
        options,
        () => `Guest account restored: ${guest.email} (${guest.id}) signs in with password ${GUEST_ACCOUNT.password}\n${renderMember(guest)}`,
      );
    });
}

function renderMember(member: AdminMember): string {
  return renderRecord([
    ['ID', member.id],
    ['Name', fullName(member)],
    ['Email', member.email],
    ['Location', member.location],
    ['Occupation', member.occupation],
    ['Friends', member.friends],
    ['Posts', member.posts],
    ['Disabled', member.disabledAt ? `yes, since ${member.disabledAt}` : 'no'],
    ['Joined', member.createdAt],
  ]);
}
