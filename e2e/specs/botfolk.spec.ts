import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

// /life against the real Bot Folk API: an individual on open, a new one on demand, the permalink,
// breeding, and the one sentence every failure shows.

const CREATE = 'CREATE A NEW UNIQUE BOT FOLK INDIVIDUAL';
const BREED = 'BREED WITH A NEW INDIVIDUAL';
const FAILURE = 'Something went wrong. Please try again.';

const main = (page: Page) => page.getByRole('main');
/** The value after a term of the header's description list (ID, Born, Gender, World, Parents, DNA). */
const fact = (page: Page, term: string) =>
  main(page).locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
const face = (page: Page) => main(page).getByRole('img', { name: /^Face of / });
const name = (page: Page) => main(page).getByRole('heading', { level: 2 });

/** What identifies the individual shown, once its face has loaded. */
async function shown(page: Page) {
  await expect(face(page)).toBeVisible();
  await expect.poll(() => face(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  return {
    name: (await name(page).textContent()) ?? '',
    dna: (await fact(page, 'DNA').textContent()) ?? '',
    id: (await fact(page, 'ID').textContent()) ?? '',
    face: (await face(page).getAttribute('src')) ?? '',
  };
}

/** Collects script errors and console errors, which the page logs on every failure. */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('/life shows an individual on open: face, name, facts and the three tables', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/life');

  const individual = await shown(page);
  expect(individual.face).toMatch(/^data:image\/svg\+xml/);
  const box = await face(page).boundingBox();
  expect(box?.width).toBe(400);
  expect(individual.name).toMatch(/^\S+ \S+/);
  expect(individual.dna).toMatch(/^[ACGT]{8,}$/);
  await expect(fact(page, 'Gender')).toHaveText(/^(Female|Male)$/);
  await expect(fact(page, 'Born')).not.toBeEmpty();
  await expect(fact(page, 'ID')).not.toBeEmpty();
  await expect(fact(page, 'World')).toHaveText(/^(Botville|Ultraspace)$/);

  for (const [table, header] of [
    ['Genes', 'Gene'],
    ['Nurture', 'Factor'],
    ['Culture', 'Trait'],
  ]) {
    const rows = main(page).getByRole('table', { name: table }).getByRole('row');
    await expect(rows.first().getByRole('columnheader')).toHaveText([header, 'Value']);
    expect(await rows.count(), `${table} rows`).toBeGreaterThan(2);
  }
  // The gender gene is shown as text, and the header reads it.
  const genderRow = main(page).getByRole('table', { name: 'Genes' }).getByRole('row', { name: /^gender / });
  const gender = (await genderRow.getByRole('cell').textContent()) === 'true' ? 'Female' : 'Male';
  await expect(fact(page, 'Gender')).toHaveText(gender);
  const culture = main(page).getByRole('table', { name: 'Culture' });
  await expect(culture.getByRole('row', { name: /^first name / }).getByRole('cell')).toHaveText(individual.name.split(' ')[0]);

  await expect(main(page)).toContainText('Botville');
  await expect(main(page)).toContainText('Ultraspace');
  const site = main(page).getByRole('link', { name: 'Bot Folk website' });
  await expect(site).toHaveAttribute('target', '_blank');
  await expect(site).toHaveAttribute('rel', 'noopener noreferrer');

  // The address now names this individual.
  await expect(page).toHaveURL(`/life?dna=${individual.dna}`);
  expect(errors).toEqual([]);
});

test('the button makes a different individual', async ({ page }) => {
  await page.goto('/life');
  const first = await shown(page);

  await main(page).getByRole('button', { name: CREATE }).click();

  await expect(fact(page, 'DNA')).not.toHaveText(first.dna);
  const second = await shown(page);
  expect(second.face).not.toBe(first.face);
  await expect(page).toHaveURL(`/life?dna=${second.dna}`);
});

test('the permalink reproduces the individual after a reload and in a new tab', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/life');
  const individual = await shown(page);

  await main(page).getByRole('button', { name: 'Copy permalink' }).click();
  await expect(main(page).getByRole('status')).toHaveText('Permalink copied');
  const permalink = await page.evaluate(() => navigator.clipboard.readText());
  expect(permalink).toBe(page.url());

  await page.reload();
  expect(await shown(page)).toEqual(individual);

  const other = await context.newPage();
  await other.goto(permalink);
  expect(await shown(other)).toEqual(individual);
});

test('breeding shows a child of the individual shown and a new partner', async ({ page }) => {
  await page.goto('/life');
  const parent = await shown(page);

  await main(page).getByRole('button', { name: BREED }).click();

  await expect(fact(page, 'Parents')).toContainText(parent.id);
  const child = await shown(page);
  expect(child.dna).toHaveLength(parent.dna.length);
  expect(child.id).not.toBe(parent.id);
  await expect(page).toHaveURL(`/life?dna=${child.dna}`);
});

test('an API failure shows the error text and logs the details', async ({ page }) => {
  const errors = consoleErrors(page);
  // The first individual comes with the page (drawn by the server); the failure is the next one's.
  await page.goto('/life');
  await shown(page);
  await page.route('**/api/pyface**', (route) => route.fulfill({ status: 500 }));

  await main(page).getByRole('button', { name: CREATE }).click();

  await expect(main(page).getByRole('alert')).toHaveText(FAILURE);
  await expect(face(page)).toHaveCount(0);
  expect(errors.some((error) => error.includes('Bot Folk'))).toBe(true);

  // The next try, with the API back, works.
  await page.unroute('**/api/pyface**');
  await main(page).getByRole('button', { name: CREATE }).click();
  await shown(page);
  await expect(main(page).getByRole('alert')).toHaveCount(0);
});

test('a DNA line the API refuses shows the error text', async ({ page }) => {
  await page.goto('/life?dna=NOT-A-GENOME');
  await expect(main(page).getByRole('alert')).toHaveText(FAILURE);
});
