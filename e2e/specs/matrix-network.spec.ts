import type { Locator, Page } from '@playwright/test';
import { expect, test, waitForApp } from '../support/test';
import { COMMENTS_PAGE, GUEST_ACCOUNT } from '@atelier/contracts';
import {
  SEEDED,
  addComment,
  SEEDED_POST_COUNT,
  createPost,
  forgeToken,
  friendsOf,
  fullName,
  login,
  memberPosts,
  memberRecord,
  pngFile,
  seededMemberId,
  storeNewMemberSession,
  storeSession,
  storeSignedInSession,
  uniqueTag,
} from '../support/matrix-network';

// /matrix and /profile/:userId against the real backend. Tests that change anything act as a member
// of their own; read-only ones use the seeded guest.

const posts = (page: Page) => page.getByRole('main').getByRole('article');
const userMenu = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name });
/** The count shown right after a post's Like or Comments button. */
const countAfter = (button: Locator) => button.locator('xpath=following-sibling::*[1]');
/** The Friend List widget: the heading's own container. */
const friendList = (page: Page) => page.getByRole('heading', { name: 'Friend List' }).locator('xpath=..');
/**
 * Where the page is scrolled and where `element` sits in the viewport, once nothing has moved for
 * a while (pictures near the viewport load late, grow the page and the browser re-anchors it).
 */
async function settledPosition(page: Page, element: Locator) {
  const measure = async () =>
    JSON.stringify({
      scrollY: await page.evaluate(() => window.scrollY),
      top: Math.round((await element.boundingBox())?.y ?? Number.NaN),
    });
  const samples = [await measure()];
  await expect
    .poll(
      async () => {
        samples.push(await measure());
        return new Set(samples.slice(-3)).size === 1 && samples.length >= 3;
      },
      { intervals: [400] },
    )
    .toBe(true);
  return JSON.parse(samples[samples.length - 1]) as { scrollY: number; top: number };
}

/** The persisted session's token, as the app stored it. */
const storedToken = (page: Page) =>
  page.evaluate(() => {
    const root = localStorage.getItem('persist:root');
    return root ? (JSON.parse(JSON.parse(root).token) as string | null) : null;
  });

test('a member posts with an image: it is first in the feed with its image loaded, and the composer clears', async ({ page }) => {
  const { user } = await storeNewMemberSession(page);
  await page.goto('/matrix');

  const composer = page.getByRole('textbox', { name: "What's on your mind..." });
  const postButton = page.getByRole('button', { name: 'POST', exact: true });
  await expect(composer).toHaveAttribute('placeholder', "What's on your mind...");
  await expect(postButton).toBeDisabled();

  const text = `Sunset over the training cluster ${uniqueTag()}`;
  await composer.fill(text);
  await expect(postButton).toBeEnabled();

  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const imageInput = page.getByLabel('Add Image Here');
  // The delete button takes a chosen image away again.
  await imageInput.setInputFiles(pngFile('wrong-one.png'));
  await expect(page.getByText('wrong-one.png')).toBeVisible();
  await page.getByRole('button', { name: 'Remove the image' }).click();
  await expect(page.getByText('wrong-one.png')).toHaveCount(0);

  await imageInput.setInputFiles(pngFile('sunset.png'));
  await expect(page.getByText('sunset.png')).toBeVisible();
  await postButton.click();

  const first = posts(page).first();
  await expect(first).toContainText(text);
  await expect(first).toContainText(fullName(user));
  const image = first.getByRole('img', { name: 'Post picture' });
  await expect(image).toHaveAttribute('src', /\/assets\/posts\/[0-9a-f]{32}\.png$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  await expect(composer).toHaveValue('');
  await expect(page.getByText('sunset.png')).toHaveCount(0);
  await expect(postButton).toBeDisabled();
});

test('a member likes and unlikes a post', async ({ page }) => {
  const { user, token } = await storeNewMemberSession(page);
  const text = `Like this one ${uniqueTag()}`;
  const post = await createPost(page.request, token, text);
  await page.goto('/matrix');

  const card = posts(page).filter({ hasText: text });
  // Your own post: options for the author, no friend button.
  await expect(card.getByRole('button', { name: 'Post options' })).toBeVisible();
  await expect(card.getByRole('button', { name: /^(Add|Remove) friend$/ })).toHaveCount(0);

  const like = card.getByRole('button', { name: 'Like', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(countAfter(like)).toHaveText('0');

  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(countAfter(like)).toHaveText('1');
  const liked = (await memberPosts(page.request, token, user._id)).find((candidate) => candidate._id === post._id);
  expect(liked?.likes).toEqual({ [user._id]: true });

  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(countAfter(like)).toHaveText('0');
  const unliked = (await memberPosts(page.request, token, user._id)).find((candidate) => candidate._id === post._id);
  expect(unliked?.likes).toEqual({});
});

test('liking a post further down keeps the feed where it was', async ({ page }) => {
  await storeNewMemberSession(page);
  await page.goto('/matrix');
  await expect(posts(page)).toHaveCount(20);

  const like = posts(page).nth(9).getByRole('button', { name: 'Like', exact: true });
  // In view before the click, so the click itself need not scroll.
  await like.scrollIntoViewIfNeeded();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const before = await settledPosition(page, like);
  expect(before.scrollY).toBeGreaterThan(0);

  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(posts(page)).toHaveCount(20);
  expect(await settledPosition(page, like)).toEqual(before);

  // Leave the seeded post as it was.
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
});

test('a member comments on a post: the text shows in the expanded list and the count goes up', async ({ page }) => {
  const { user, token } = await storeNewMemberSession(page);
  const text = `Comment on this ${uniqueTag()}`;
  const post = await createPost(page.request, token, text);
  await page.goto('/matrix');

  const card = posts(page).filter({ hasText: text });
  const comments = card.getByRole('button', { name: 'Comments', exact: true });
  await expect(countAfter(comments)).toHaveText('0');
  await comments.click();

  const comment = `Well said ${uniqueTag()}`;
  await card.getByRole('textbox', { name: 'Add a comment' }).fill(comment);
  await card.getByRole('button', { name: 'Comment', exact: true }).click();

  await expect(card.getByText(comment)).toBeVisible();
  await expect(countAfter(comments)).toHaveText('1');
  const commented = (await memberPosts(page.request, token, user._id)).find((candidate) => candidate._id === post._id);
  expect(commented).toMatchObject({ comments: [comment], commentCount: 1 });
});

test('a post with more comments than a page: the count shows them all, the list pages with Load more comments', async ({ page }) => {
  const { token } = await storeNewMemberSession(page);
  const text = `Much discussed ${uniqueTag()}`;
  const post = await createPost(page.request, token, text);
  const total = COMMENTS_PAGE.defaultLimit + 2;
  for (let n = 1; n <= total; n += 1) await addComment(page.request, token, post._id, `Reply ${n} to ${text}`);
  await page.goto('/matrix');

  const card = posts(page).filter({ hasText: text });
  const comments = card.getByRole('button', { name: 'Comments', exact: true });
  await expect(countAfter(comments)).toHaveText(String(total));
  await comments.click();
  // The first page, oldest first, replaces the embedded newest ones.
  const listed = card.getByRole('list', { name: 'Comments' }).getByRole('listitem');
  await expect(listed).toHaveCount(COMMENTS_PAGE.defaultLimit);
  await expect(listed.first()).toContainText(`Reply 1 to ${text}`);

  await card.getByRole('button', { name: 'Load more comments' }).click();
  await expect(listed).toHaveCount(total);
  await expect(listed.last()).toContainText(`Reply ${total} to ${text}`);
  await expect(card.getByRole('button', { name: 'Load more comments' })).toHaveCount(0);
});

test('the author edits and deletes their post', async ({ page }) => {
  const { user, token } = await storeNewMemberSession(page);
  const text = `First draft ${uniqueTag()}`;
  await createPost(page.request, token, text);
  await page.goto('/matrix');

  // The member's only post is the only one with options: its text changes below.
  const card = posts(page).filter({ has: page.getByRole('button', { name: 'Post options' }) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(text);
  await card.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edited = `Second draft ${uniqueTag()}`;
  const editor = card.getByRole('textbox').and(page.locator(':not([aria-label="Add a comment"])'));
  await expect(editor).toHaveValue(text);
  await editor.fill(edited);
  await card.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(card).toContainText(edited);
  await expect(editor).toHaveCount(0);
  expect((await memberPosts(page.request, token, user._id)).map((post) => post.description)).toEqual([edited]);

  await card.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  // Deleting asks once more.
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toHaveCount(0);
  await expect.poll(async () => (await memberPosts(page.request, token, user._id)).length).toBe(0);
});

test("a member adds a friend from a post card and removes them from the Friend List", async ({ page }) => {
  const { user, token } = await storeNewMemberSession(page);
  await page.goto('/matrix');
  const mira = fullName(SEEDED.mira);

  const list = friendList(page);
  await expect(list).toBeVisible();
  await expect(list.getByRole('link', { name: mira })).toHaveCount(0);

  const card = posts(page).filter({ hasText: mira }).first();
  await card.getByRole('button', { name: 'Add friend', exact: true }).click();

  await expect(list.getByRole('link', { name: mira })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Remove friend', exact: true })).toBeVisible();
  expect((await friendsOf(page.request, token, user._id)).map(fullName)).toEqual([mira]);

  await list.getByRole('button', { name: 'Remove friend', exact: true }).click();

  await expect(list.getByRole('link', { name: mira })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Add friend', exact: true })).toBeVisible();
  expect(await friendsOf(page.request, token, user._id)).toEqual([]);
});

test("two guests each sign into a sandbox of their own: neither sees the other's posts, likes or friend changes", async ({ browser }) => {
  // Two browser contexts, two sign-ins, a post, a like, a friend change and two reloads: on two
  // shared cores this took 31 s once, past the default 30 s.
  test.slow();
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [mine, theirs] = await Promise.all(contexts.map((context) => context.newPage()));
  // Pages of new contexts: the fixture's goto and reload, which wait for the app, are not theirs.
  const reload = async (page: Page) => {
    await page.reload();
    await waitForApp(page);
  };
  for (const page of [mine, theirs]) {
    await page.goto('/lobby');
    await waitForApp(page);
    await page.getByRole('button', { name: 'SIGN IN' }).click(); // the form starts with the guest account
    await expect(page).toHaveURL('/matrix');
    await expect(page.getByRole('note', { name: 'Guest sandbox' })).toContainText('seen by you alone');
  }
  const tobiasPost = (page: Page) => posts(page).filter({ hasText: fullName(SEEDED.tobias) }).first();
  const likeOf = (page: Page) => tobiasPost(page).getByRole('button', { name: 'Like', exact: true });
  const friendButton = (page: Page) => tobiasPost(page).getByRole('button', { name: /^(Add|Remove) friend$/ });
  const state = async (page: Page) => ({
    liked: await likeOf(page).getAttribute('aria-pressed'),
    likes: await countAfter(likeOf(page)).textContent(),
    friend: await friendButton(page).getAttribute('aria-label'),
  });
  await expect(likeOf(theirs)).toBeVisible();
  const theirsBefore = await state(theirs);

  const text = `Only in my sandbox ${uniqueTag()}`;
  await mine.getByRole('textbox', { name: "What's on your mind..." }).fill(text);
  await mine.getByRole('button', { name: 'POST', exact: true }).click();
  await expect(posts(mine).first()).toContainText(text);
  const mineBefore = await state(mine);
  await likeOf(mine).click();
  await expect(likeOf(mine)).not.toHaveAttribute('aria-pressed', mineBefore.liked!);
  await friendButton(mine).click();
  await expect(friendButton(mine)).not.toHaveAttribute('aria-label', mineBefore.friend!);

  await reload(mine);
  await expect(posts(mine).first()).toContainText(text);
  const mineAfter = await state(mine);
  expect(mineAfter).not.toEqual(mineBefore);

  await reload(theirs);
  await expect(likeOf(theirs)).toBeVisible();
  expect(await state(theirs)).toEqual(theirsBefore);
  await expect(posts(theirs).filter({ hasText: text })).toHaveCount(0);
  await Promise.all(contexts.map((context) => context.close()));
});

test("clicking an author's name opens their profile: their user card and only their posts", async ({ page }) => {
  const { token } = await storeSignedInSession(page);
  const tobias = fullName(SEEDED.tobias);
  const tobiasId = await seededMemberId(page.request, token, SEEDED.tobias);
  const record = await memberRecord(page.request, token, tobiasId);
  await page.goto('/matrix');

  await posts(page).filter({ hasText: tobias }).first().getByText(tobias, { exact: true }).click();

  await expect(page).toHaveURL(`/profile/${tobiasId}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: tobias, exact: true }).first()).toHaveAttribute('href', `/profile/${tobiasId}`);
  await expect(main.getByText(`${SEEDED.tobias.friends} friends`, { exact: true })).toBeVisible();
  await expect(main.getByText(record.location, { exact: true }).first()).toBeVisible();
  await expect(main.getByText(record.occupation, { exact: true }).first()).toBeVisible();
  await expect(main.getByText("Who's viewed your profile")).toBeVisible();
  await expect(main.getByText('Impressions of your post')).toBeVisible();
  await expect(main.getByText('Social Profiles')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Friend List' })).toBeVisible();

  await expect(posts(page)).toHaveCount(SEEDED.tobias.posts);
  await expect(posts(page).filter({ hasNotText: tobias })).toHaveCount(0);
});

test("the user card's name opens the member's own profile", async ({ page }) => {
  const { user } = await storeSignedInSession(page);
  await page.goto('/matrix');

  // The user card comes first in the page.
  await page.getByRole('main').getByRole('link', { name: fullName(user), exact: true }).first().click();

  await expect(page).toHaveURL(`/profile/${user._id}`);
  await expect(posts(page).first()).toBeVisible();
  await expect(posts(page).filter({ hasNotText: fullName(user) })).toHaveCount(0);
});

test('after signing in, a reload keeps the session', async ({ page }) => {
  await page.goto('/lobby');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page).toHaveURL('/matrix');
  const guest = userMenu(page, fullName(SEEDED.guest));
  await expect(guest).toBeVisible();
  await expect(posts(page).first()).toBeVisible();

  await page.reload();

  await expect(page).toHaveURL('/matrix');
  await expect(guest).toBeVisible();
  await expect(posts(page).first()).toBeVisible();
});

test('/matrix loads with no failed request, the sponsored card with its picture', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
  });
  await storeSignedInSession(page);
  await page.goto('/matrix');
  await expect(posts(page).first()).toBeVisible();
  const ad = page.getByRole('region', { name: 'Sponsored' });
  const picture = ad.getByRole('img');
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(ad.getByRole('link')).toHaveAttribute('href', /^\/feature\//);
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
});

test('SIGN OUT clears the session: /matrix then redirects to /lobby', async ({ page }) => {
  const { user } = await storeSignedInSession(page);
  await page.goto('/matrix');
  await expect(posts(page).first()).toBeVisible();

  await userMenu(page, fullName(user)).click();
  await page.getByRole('menuitem', { name: 'SIGN OUT' }).click();
  await expect(page).toHaveURL('/lobby');
  await expect(userMenu(page, fullName(user))).toHaveCount(0);
  await expect.poll(() => storedToken(page)).toBeNull();

  await page.goto('/matrix');
  await expect(page).toHaveURL('/lobby');
});

test('a token the server refuses signs the member out and shows /lobby', async ({ page }) => {
  const { user, token } = await login(page.request, GUEST_ACCOUNT.email, GUEST_ACCOUNT.password);
  await storeSession(page, { user, token: forgeToken(token) });
  await page.goto('/matrix');

  await expect(page).toHaveURL('/lobby');
  await expect(userMenu(page, fullName(user))).toHaveCount(0);
  await expect.poll(() => storedToken(page)).toBeNull();
});

test('scrolling the feed loads the next pages', async ({ page }) => {
  await storeSignedInSession(page);
  await page.goto('/matrix');
  await expect(posts(page)).toHaveCount(20);

  // Scrolling alone (no button press) brings the next page in, then the rest, until none is left.
  const scrollToEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect
    .poll(async () => {
      await scrollToEnd();
      return posts(page).count();
    })
    .toBeGreaterThan(20);
  await expect
    .poll(async () => {
      await scrollToEnd();
      return page.getByRole('button', { name: 'Load more posts' }).count();
    })
    .toBe(0);
  await expect.poll(() => posts(page).count()).toBeGreaterThanOrEqual(SEEDED_POST_COUNT);
});
