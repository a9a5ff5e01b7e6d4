import AxeBuilder from '@axe-core/playwright';
import type { ContactMessage } from '@atelier/contracts';
import type { Page } from '@playwright/test';
import { atelier } from '../support/atelier-cli';
import { expect, test } from '../support/test';

// The contact form: a visitor writes to the owner from the home page's profile card, and the owner
// reads it with `atelier messages`. The e2e server has no SMTP_URL: messages are kept, not mailed.

const TITLE = 'Send me a message';
const SENT = 'Thank you: your message is on its way. I will answer by email.';

/** The form's own chunk, which the home page must not load until a visitor asks for the form. */
const isFormChunk = (url: string) => /\/static\/contact-dialog-[\w-]+\.js$/.test(url);

async function openForm(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Contact me' }).click();
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('the contact form', () => {
  test('a visitor sends a message from the home page, and atelier messages list shows it to the owner', async ({ page, baseURL }) => {
    // The button is in the server's HTML: the card does not grow as the app starts, and it is there before.
    expect(await (await page.request.get('/')).text()).toMatch(/<button[^>]*aria-haspopup="dialog"[^>]*>Contact me<\/button>/);
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (isFormChunk(request.url())) chunks.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]); // not part of the page until asked for

    const button = page.getByRole('button', { name: 'Contact me' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: TITLE });
    await expect(dialog).toBeVisible();
    expect(chunks).toHaveLength(1);
    await expect(dialog.getByRole('textbox', { name: 'Your name' })).toBeFocused();

    // The open form is as accessible as the pages: no serious or critical violation.
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);

    const marker = `e2e-${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
    await dialog.getByRole('textbox', { name: 'Your email' }).fill('ada@example.com');
    await dialog.getByRole('textbox', { name: 'Message' }).fill(`${marker}: could we talk about your engine?`);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('status')).toHaveText(SENT);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    const table = await atelier(baseURL!, ['messages', 'list']);
    expect(table, table.stderr).toMatchObject({ exitCode: 0, stderr: '' });
    const row = table.stdout.split('\n').find((line) => line.includes(marker));
    expect(row).toMatch(/^│ \* +│ [0-9a-f-]{36} │ Ada Lovelace <ada@example\.com> +│ e2e-\d+: could we talk/);
    expect(row).toContain('not configured');

    const listed = await atelier(baseURL!, ['messages', 'list', '--json']);
    const message = (JSON.parse(listed.stdout) as ContactMessage[]).find((entry) => entry.message.startsWith(marker));
    expect(message).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', read: false, mailStatus: 'not-configured' });
    await atelier(baseURL!, ['messages', 'remove', message!.id]);
  });

  test('bad input shows field errors: the form’s own before sending, the server’s after', async ({ page }) => {
    const dialog = await openForm(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) sent.push(request.method());
    });

    await dialog.getByRole('button', { name: 'Send' }).click();
    for (const name of ['Your name', 'Your email', 'Message']) {
      await expect(dialog.getByRole('textbox', { name })).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(dialog.getByText('required', { exact: true })).toHaveCount(3);
    await expect(dialog.getByRole('textbox', { name: 'Your name' })).toBeFocused();
    expect(sent).toEqual([]);

    // An address the browser's rule allows and the server's does not: the server's answer names the field.
    await dialog.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
    await dialog.getByRole('textbox', { name: 'Your email' }).fill('ada@example');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello');
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
    await dialog.getByRole('button', { name: 'Send' }).click();
    expect((await refused).status()).toBe(400);
    await expect(dialog.getByText('invalid email', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Your email' })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('textbox', { name: 'Your email' })).toBeFocused();
    await expect(dialog.getByRole('textbox', { name: 'Your name' })).toHaveAttribute('aria-invalid', 'false');
  });
});
