import type { Page } from '@playwright/test';
import { createPost, fullName, newMemberFields, registerMember, storeSession, uniqueTag } from '../support/matrix-network';
import { expect, test } from '../support/test';

// Script and SQL payloads stored through the API stay text wherever the site shows them: in the
// client-rendered Matrix Network and in the server-rendered home page (its HTML and the JSON it
// carries for hydration). A payload that ran would set window.__xss or open a dialog.
const IMG = '<img src=x onerror=__xss=1>';
const SVG = '</script><svg onload=__xss=1>';
const SCRIPT = '"><script>__xss=1</script>';
const SQL = "'; DROP TABLE users; --";

async function watchForScripts(page: Page): Promise<() => Promise<void>> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return async () => {
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  };
}

test('payloads in a member, their post and a comment are shown as text in the feed and on the profile', async ({ page }) => {
  const member = await registerMember(page.request, { ...newMemberFields(), firstName: IMG, lastName: SVG, location: SCRIPT, occupation: SQL });
  const tag = uniqueTag(); // earlier runs on the same server stored the same payloads
  const post = await createPost(page.request, member.token, `${IMG} ${SVG} ${SCRIPT} ${SQL} ${tag}`);
  const comment = `${SQL} ${SCRIPT} ${SVG} ${tag}`; // in another order than the post, so only the comment holds it
  const commented = await page.request.post(`/api/posts/${post._id}/comments`, {
    headers: { Authorization: `Bearer ${member.token}` },
    data: { userId: member.user._id, text: comment },
  });
  expect(commented.status(), await commented.text()).toBe(201);
  await storeSession(page, member);
  const noScriptRan = await watchForScripts(page);

  await page.goto('/matrix');
  const card = page.getByRole('main').getByRole('article').filter({ hasText: post.description });
  await expect(card).toBeVisible();
  await expect(page.getByText(fullName(member.user)).first()).toBeVisible();
  await card.getByRole('button', { name: 'Comments', exact: true }).click();
  await expect(card.getByText(comment)).toBeVisible();
  await noScriptRan();

  await page.goto(`/profile/${member.user._id}`);
  await expect(page.getByText(SCRIPT).first()).toBeVisible();
  await expect(page.getByText(SQL).first()).toBeVisible();
  await noScriptRan();
  // The SQL text was stored as text: the members table is still there to sign in with.
  expect((await page.request.post('/api/auth/login', { data: { email: member.fields.email, password: member.fields.password } })).status()).toBe(200);
});

test("a payload in the owner's content stays text on the server-rendered home page", async ({ page }) => {
  const admin = { Authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` };
  const created = await page.request.post('/api/admin/content/notices', { headers: admin, data: { text: `${SVG} ${IMG} ${SCRIPT}`, dateLabel: SVG } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  try {
    const html = await (await page.request.get('/')).text();
    expect(html).not.toContain(SVG); // escaped in the markup and in the page's JSON alike
    const noScriptRan = await watchForScripts(page);
    await page.goto('/');
    await expect(page.getByText(`${SVG} ${IMG} ${SCRIPT}`)).toBeVisible();
    await noScriptRan();
  } finally {
    await page.request.delete(`/api/admin/content/notices/${id}`, { headers: admin });
  }
});
