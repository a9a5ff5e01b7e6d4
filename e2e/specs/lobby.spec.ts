import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { FIELD_MESSAGES, GUEST_ACCOUNT, type RegisterFields } from '@atelier/contracts';
import { fullName, gifFile, newMemberFields, pngFile } from '../support/matrix-network';

// The lobby (/lobby): Sign In / Create Account against the real backend.

const TO_SIGN_UP = "Don't have an account? Sign Up here.";
const TO_SIGN_IN = 'Already have an account? Login here.';
const REGISTERED = 'Account created — sign in to continue.';
const REGISTER_FIELDS = ['First Name', 'Last Name', 'Location', 'Occupation', 'Email', 'Password'] as const;

const field = (page: Page, label: (typeof REGISTER_FIELDS)[number]) => page.getByLabel(label, { exact: true });
const signInButton = (page: Page) => page.getByRole('button', { name: 'SIGN IN' });
const createButton = (page: Page) => page.getByRole('button', { name: 'CREATE YOUR NEW ACCOUNT' });
const pictureInput = (page: Page) => page.getByLabel('Add Picture Here');
/** A validation message shown on its own, the way a field's helper text shows it. */
const message = (page: Page, text: string) => page.getByText(text, { exact: true });

async function openCreateAccount(page: Page) {
  await page.goto('/lobby');
  await page.getByRole('link', { name: TO_SIGN_UP }).click();
  await expect(createButton(page)).toBeVisible();
}

async function fillRegistration(page: Page, fields: RegisterFields) {
  await field(page, 'First Name').fill(fields.firstName);
  await field(page, 'Last Name').fill(fields.lastName);
  await field(page, 'Location').fill(fields.location);
  await field(page, 'Occupation').fill(fields.occupation);
  await pictureInput(page).setInputFiles(pngFile('portrait.png'));
  await field(page, 'Email').fill(fields.email);
  await field(page, 'Password').fill(fields.password);
}

test('the sign-in form starts prefilled with the guest account', async ({ page }) => {
  await page.goto('/lobby');
  await expect(field(page, 'Email')).toHaveValue(GUEST_ACCOUNT.email);
  await expect(field(page, 'Password')).toHaveValue(GUEST_ACCOUNT.password);
  await expect(signInButton(page)).toBeVisible();
  await expect(field(page, 'First Name')).toHaveCount(0);
});

test('a new member registers with a picture, is sent to Sign In, signs in and lands on /matrix', async ({ page }) => {
  const fields = newMemberFields();
  await openCreateAccount(page);
  // Registration starts empty.
  for (const label of REGISTER_FIELDS) await expect(field(page, label)).toHaveValue('');

  await fillRegistration(page, fields);
  await expect(page.getByText('portrait.png')).toBeVisible();
  await createButton(page).click();

  await expect(page.getByRole('status')).toHaveText(REGISTERED);
  await expect(signInButton(page)).toBeVisible();
  await expect(createButton(page)).toHaveCount(0);
  await expect(field(page, 'Email')).toHaveValue(fields.email);

  await field(page, 'Password').fill(fields.password);
  await signInButton(page).click();

  await expect(page).toHaveURL('/matrix');
  await expect(page.getByRole('banner').getByRole('button', { name: fullName(fields) })).toBeVisible();
});

test('switching modes resets the form', async ({ page }) => {
  await page.goto('/lobby');
  await field(page, 'Email').fill('someone.else@example.com');
  await page.getByRole('link', { name: TO_SIGN_UP }).click();
  await field(page, 'First Name').fill('Grace');
  await field(page, 'Email').fill('grace@example.com');

  await page.getByRole('link', { name: TO_SIGN_IN }).click();
  await expect(field(page, 'Email')).toHaveValue(GUEST_ACCOUNT.email);
  await page.getByRole('link', { name: TO_SIGN_UP }).click();
  await expect(field(page, 'First Name')).toHaveValue('');
  await expect(field(page, 'Email')).toHaveValue('');
});

test("Create Account shows 'required' and 'invalid email' only once a field was touched", async ({ page }) => {
  await openCreateAccount(page);
  await expect(message(page, FIELD_MESSAGES.required)).toHaveCount(0);

  const firstName = field(page, 'First Name');
  await firstName.focus();
  await expect(message(page, FIELD_MESSAGES.required)).toHaveCount(0);
  await firstName.blur();
  // Only the touched field complains; the others are still untouched.
  await expect(message(page, FIELD_MESSAGES.required)).toHaveCount(1);

  const email = field(page, 'Email');
  await email.fill('not-an-email');
  await expect(message(page, FIELD_MESSAGES.invalidEmail)).toHaveCount(0);
  await email.blur();
  await expect(message(page, FIELD_MESSAGES.invalidEmail)).toHaveCount(1);
  await expect(message(page, FIELD_MESSAGES.required)).toHaveCount(1);

  await email.fill('ada@example.com');
  await expect(message(page, FIELD_MESSAGES.invalidEmail)).toHaveCount(0);
});

test("Sign In shows 'invalid email' and 'required' only once a field was touched", async ({ page }) => {
  await page.goto('/lobby');
  const email = field(page, 'Email');
  const password = field(page, 'Password');

  await email.fill('guest@');
  await expect(message(page, FIELD_MESSAGES.invalidEmail)).toHaveCount(0);
  await email.blur();
  await expect(message(page, FIELD_MESSAGES.invalidEmail)).toHaveCount(1);

  await password.fill('');
  await expect(message(page, FIELD_MESSAGES.required)).toHaveCount(0);
  await password.blur();
  await expect(message(page, FIELD_MESSAGES.required)).toHaveCount(1);
});

test("the picture drop zone refuses a .gif with 'File type must be ...'", async ({ page }) => {
  await openCreateAccount(page);
  await pictureInput(page).setInputFiles(gifFile('animation.gif'));

  const refusal = page.getByRole('alert').filter({ hasText: 'animation.gif' });
  await expect(refusal).toContainText(/File type must be /);
  // Nothing was accepted: the zone still asks for a picture.
  await expect(page.getByText('Add Picture Here')).toBeVisible();
});

test("the picture drop zone takes one file: of two dropped at once, the second is refused with 'Too many files'", async ({ page }) => {
  await openCreateAccount(page);
  // A real drop: file inputs without \`multiple\` cannot be given two files.
  const dataTransfer = await page.evaluateHandle((png) => {
    const transfer = new DataTransfer();
    for (const name of ['first.png', 'second.png']) {
      transfer.items.add(new File([Uint8Array.from(atob(png), (char) => char.charCodeAt(0))], name, { type: 'image/png' }));
    }
    return transfer;
  }, pngFile().buffer.toString('base64'));
  await page.getByText('Add Picture Here').dispatchEvent('drop', { dataTransfer });

  // react-dropzone (19.3 and later) keeps the first file and refuses only the surplus.
  await expect(page.getByRole('alert').filter({ hasText: 'second.png' })).toContainText('Too many files');
  await expect(page.getByRole('alert').filter({ hasText: 'first.png' })).toHaveCount(0);
  await expect(page.getByText('first.png', { exact: true })).toBeVisible();
});

test("a wrong password shows the server's message", async ({ page }) => {
  await page.goto('/lobby');
  await field(page, 'Password').fill('not-the-guest-password');
  await signInButton(page).click();

  await expect(page.getByRole('alert')).toContainText('The email or password is not correct');
  await expect(page).toHaveURL('/lobby');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Guest Visitor' })).toHaveCount(0);
});

test("an email that is already registered is reported on the Email field's message", async ({ page }) => {
  await openCreateAccount(page);
  await fillRegistration(page, { ...newMemberFields(), email: GUEST_ACCOUNT.email });
  await createButton(page).click();

  await expect(page.getByText(FIELD_MESSAGES.emailTaken)).toBeVisible();
  await expect(createButton(page)).toBeVisible();
});
