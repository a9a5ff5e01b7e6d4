import { FEED_COMMENTS, friendSummaryOf, type Member, type PostComment } from '@atelier/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@atelier/contracts';
import { ApiError } from '../../store/api-client';
import { contentApi } from '../../store/content-api';
import { socialApi } from '../../store/social-api';
import { gpuAds, siteContent } from '../../test/content-fixtures';
import { renderApp } from '../../test/render-app';
import { shownAtWidth, styleAtWidth } from '../../test/viewport';
import { alan, makePost, me } from './network-test-data';

const posts = () => screen.getAllByRole('article');
const commentTexts = (post: HTMLElement) =>
  within(within(post).getByRole('list', { name: 'Comments' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

const comment = (id: string, text: string, author: Member = alan): PostComment => ({
  _id: id,
  postId: 'p1',
  text,
  createdAt: '2026-01-02T03:04:05.000Z',
  author: friendSummaryOf(author),
});
const postWith = async (text: string) => (await screen.findByText(text)).closest('article') as HTMLElement;

// Whole-app renders with MUI's self-sizing text areas are slow in jsdom, slower still on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// The route loads its page lazily; compiling it once up front keeps the first test within its time.
beforeAll(() => import('./matrix-page'));

beforeEach(() => {
  vi.spyOn(contentApi, 'site').mockResolvedValue(siteContent);
  vi.spyOn(socialApi, 'member').mockResolvedValue({ ...me, viewedProfile: 40, impressions: 1234 });
  vi.spyOn(socialApi, 'friends').mockResolvedValue([]);
  vi.spyOn(socialApi, 'feed').mockResolvedValue({ posts: [makePost('p1', 'First post'), makePost('p2', 'Second post')] });
});

afterEach(() => vi.restoreAllMocks());

describe('/matrix', { timeout: 20_000 }, () => {
  it('shows your user card with the fresh counters, the composer and the feed', async () => {
    renderApp('/matrix', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Matrix Network' })).toBeInTheDocument();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText("Who's viewed your profile").nextSibling).toHaveTextContent('40');
    expect(screen.getByText('Impressions of your post')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/profile/u1');
    expect(screen.getByText('0 friends')).toBeInTheDocument();
    expect(screen.getByText('London')).toBeInTheDocument();
    expect(screen.getByText('Engineer')).toBeInTheDocument();
    expect(screen.getByText('Social Profiles')).toBeInTheDocument();
    expect(screen.getByText('Video Platform')).toBeInTheDocument();
    expect(screen.getByText('Network Platform')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: "What's on your mind..." })).toHaveAttribute('placeholder', "What's on your mind...");
    expect((await screen.findAllByRole('article')).map((post) => within(post).getByText(/post$/).textContent)).toEqual([
      'First post',
      'Second post',
    ]);
  });

  it("tells a guest that the network is their own sandbox, and when it is cleared; a member sees no such note", async () => {
    const guest = { ...me, firstName: 'Guest', lastName: 'Visitor', sandboxExpiresAt: '2026-11-27T18:30:00.000Z' };
    const { unmount } = renderApp('/matrix', { signedIn: true, as: guest });
    const note = await screen.findByRole('note', { name: 'Guest sandbox' });
    const ends = new Intl.DateTimeFormat('en-GB', { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(guest.sandboxExpiresAt));
    expect(note).toHaveTextContent(`seen by you alone, and is cleared on ${ends}.`);
    unmount();

    renderApp('/matrix', { signedIn: true });
    expect(await screen.findByRole('textbox', { name: "What's on your mind..." })).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: 'Guest sandbox' })).toBeNull();
  });

  it('shows the ad and your friend list in a right column from 1000px only; below, the columns stack', async () => {
    vi.spyOn(socialApi, 'friends').mockResolvedValue([friendSummaryOf(alan)]);
    renderApp('/matrix', { signedIn: true });
    const ad = await screen.findByRole('region', { name: 'Sponsored' });
    expect(within(ad).getByRole('link', { name: /RTX 5090/ })).toHaveAttribute('href', '/feature/nvidia-rtx-5090');
    // The site's own ad picture, as content names it (not a hard-coded path that may not exist).
    expect(within(ad).getByRole('img', { name: gpuAds[0].imageAlt }).getAttribute('src')).toMatch(/^\/assets\/ads\/nvidia-rtx-5090\.png\?/);
    const friendList = screen.getByRole('region', { name: 'Friend List' });
    expect(await within(friendList).findByRole('link', { name: 'Alan Turing' })).toHaveAttribute('href', '/profile/u2');
    expect(within(friendList).getByRole('button', { name: 'Remove friend' })).toBeInTheDocument();

    const card = screen.getByRole('link', { name: 'Ada Lovelace' });
    const composer = screen.getByRole('form', { name: 'New post' });
    expect([999, 1000].map((width) => [ad, friendList, card, composer].map((part) => shownAtWidth(part, width)))).toEqual([
      [false, false, true, true],
      [true, true, true, true],
    ]);
    // Side by side from 1000px, in the order card, composer and feed, ad and friends; stacked in that order below.
    const columns = composer.parentElement?.parentElement as HTMLElement;
    expect([999, 1000].map((width) => styleAtWidth(columns, 'flex-direction', width))).toEqual(['column', 'row']);
    expect(Array.from(columns.children, (column) => [card, composer, ad].findIndex((part) => column.contains(part)))).toEqual([0, 1, 2]);
  });

  it('labels Clip, Attachment and Audio from 1000px only, and shows a "more" mark below', async () => {
    renderApp('/matrix', { signedIn: true });
    const composer = await screen.findByRole('form', { name: 'New post' });
    expect(within(composer).getByRole('button', { name: 'Image' })).toBeInTheDocument();
    const labels = ['Clip', 'Attachment', 'Audio'].map((label) => within(composer).getByText(label));
    const more = within(composer).getByTestId('MoreHorizOutlinedIcon');
    expect([999, 1000].map((width) => [...labels, more].map((part) => shownAtWidth(part, width)))).toEqual([
      [false, false, false, true],
      [true, true, true, false],
    ]);
  });

  it('keeps POST disabled while the text is empty; posting replaces the feed and clears the composer', async () => {
    const created = makePost('p0', 'Hello', me);
    const createPost = vi
      .spyOn(socialApi, 'createPost')
      .mockResolvedValue({ posts: [created, makePost('p1', 'First post'), makePost('p2', 'Second post')] });
    const { user } = renderApp('/matrix', { signedIn: true });
    const text = await screen.findByRole('textbox', { name: "What's on your mind..." });
    const post = screen.getByRole('button', { name: 'POST' });
    expect(post).toBeDisabled();
    await user.type(text, '   ');
    expect(post).toBeDisabled();

    await user.clear(text);
    await user.type(text, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Image' }));
    const picture = new File(['png'], 'cat.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Add Image Here'), picture);
    expect(await screen.findByText('cat.png')).toBeInTheDocument();
    await user.click(post);

    expect(await postWith('Hello')).toBeInTheDocument();
    expect(createPost).toHaveBeenCalledWith('test-token', 'Hello', picture);
    expect(posts()).toHaveLength(3);
    await waitFor(() => expect(screen.getByRole('textbox', { name: "What's on your mind..." })).toHaveValue(''));
    expect(screen.queryByText('cat.png')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'POST' })).toBeDisabled();
  });

  it('a post over the write limit says how long to wait, from the Retry-After, and keeps the text', async () => {
    vi.spyOn(socialApi, 'createPost').mockRejectedValue(new ApiError(429, 'RATE_LIMITED', 'Too many posts', [], 25));
    const { user } = renderApp('/matrix', { signedIn: true });
    const text = await screen.findByRole('textbox', { name: "What's on your mind..." });
    await user.type(text, 'Hi');
    await user.click(screen.getByRole('button', { name: 'POST' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your post was not published. Too many requests. Please wait 25 seconds and try again.',
    );
    expect(text).toHaveValue('Hi');
  });

  it('explains a refused picture and keeps the text', async () => {
    vi.spyOn(socialApi, 'createPost').mockRejectedValue(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'not an image'));
    const { user } = renderApp('/matrix', { signedIn: true });
    const text = await screen.findByRole('textbox', { name: "What's on your mind..." });
    await user.type(text, 'Hi');
    await user.click(screen.getByRole('button', { name: 'POST' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('only JPEG and PNG images are accepted');
    expect(text).toHaveValue('Hi');
  });

  it('toggles a like, with its count, keeping the post in its place', async () => {
    let likes: Post['likes'] = {};
    vi.spyOn(socialApi, 'toggleLike').mockImplementation(async (_token, postId) => {
      likes = likes[me._id] ? {} : { [me._id]: true, u9: true };
      return makePost(postId, 'Second post', alan, { likes });
    });
    const { user } = renderApp('/matrix', { signedIn: true });
    const second = await postWith('Second post');
    const like = within(second).getByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(like.nextSibling).toHaveTextContent('0');

    await user.click(like);
    await waitFor(() => expect(within(second).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true'));
    expect(within(second).getByRole('button', { name: 'Like' }).nextSibling).toHaveTextContent('2');
    expect(posts()[1]).toBe(second);

    await user.click(within(second).getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(within(second).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false'));
    expect(within(second).getByRole('button', { name: 'Like' }).nextSibling).toHaveTextContent('0');
  });

  it("adds the author of a post as a friend: the button turns to Remove friend and the friend list shows them", async () => {
    const toggle = vi.spyOn(socialApi, 'toggleFriend').mockResolvedValue([friendSummaryOf(alan)]);
    const { user } = renderApp('/matrix', { signedIn: true });
    const first = await postWith('First post');
    await user.click(within(first).getByRole('button', { name: 'Add friend' }));

    await waitFor(() => expect(within(first).getByRole('button', { name: 'Remove friend' })).toBeInTheDocument());
    expect(toggle).toHaveBeenCalledWith('test-token', me._id, alan._id);
    const friendList = screen.getByRole('region', { name: 'Friend List' });
    expect(within(friendList).getByRole('link', { name: 'Alan Turing' })).toBeInTheDocument();
    expect(screen.getByText('1 friends')).toBeInTheDocument();
  });

  it('expands the comments and adds one; the field empties once it is saved', async () => {
    vi.spyOn(socialApi, 'feed').mockResolvedValue({ posts: [makePost('p1', 'First post', alan, { comments: ['Great'] })] });
    vi.spyOn(socialApi, 'comments')
      .mockResolvedValueOnce({ comments: [comment('c1', 'Great')] })
      .mockResolvedValueOnce({ comments: [comment('c1', 'Great'), comment('c2', 'Thanks', me)] });
    const add = vi
      .spyOn(socialApi, 'addComment')
      .mockResolvedValue(makePost('p1', 'First post', alan, { comments: ['Great', 'Thanks'] }));
    const { user } = renderApp('/matrix', { signedIn: true });
    const first = await postWith('First post');
    const toggle = within(first).getByRole('button', { name: 'Comments' });
    expect(toggle.nextSibling).toHaveTextContent('1');

    await user.click(toggle);
    await waitFor(() => expect(commentTexts(first)).toEqual(['Alan Turing Great']));
    await user.type(within(first).getByRole('textbox', { name: 'Add a comment' }), 'Thanks');
    await user.click(within(first).getByRole('button', { name: 'Comment' }));

    // The list reloads with the new comment and its author.
    await waitFor(() => expect(commentTexts(first)).toEqual(['Alan Turing Great', 'Ada Lovelace Thanks']));
    expect(add).toHaveBeenCalledWith('test-token', 'p1', 'Thanks');
    expect(within(first).getByRole('button', { name: 'Comments' }).nextSibling).toHaveTextContent('2');
    await waitFor(() => expect(within(first).getByRole('textbox', { name: 'Add a comment' })).toHaveValue(''));
  });

  it("counts every comment, shows the embedded newest ones until the whole list loads, and offers 'View all N comments'", async () => {
    const embedded = ['Third', 'Fourth', `${'x'.repeat(FEED_COMMENTS.previewLength - 1)}…`];
    vi.spyOn(socialApi, 'feed').mockResolvedValue({
      posts: [makePost('p1', 'First post', alan, { comments: embedded, commentCount: 5 }), makePost('p2', 'Second post')],
    });
    const whole = ['First', 'Second', 'Third', 'Fourth', 'x'.repeat(300)].map((text, index) => comment(`c${index}`, text));
    const comments = vi
      .spyOn(socialApi, 'comments')
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'unreachable'))
      .mockResolvedValueOnce({ comments: whole });
    const { user } = renderApp('/matrix', { signedIn: true });
    const first = await postWith('First post');
    expect(within(first).getByRole('button', { name: 'Comments' }).nextSibling).toHaveTextContent('5');

    await user.click(within(first).getByRole('button', { name: 'Comments' }));
    expect(await within(first).findByRole('alert')).toHaveTextContent('The comments could not be loaded.');
    expect(commentTexts(first)).toEqual(embedded);
    expect(within(first).queryByText('No comments yet')).not.toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'View all 5 comments' }));
    await waitFor(() => expect(commentTexts(first)).toEqual(whole.map((entry) => `Alan Turing ${entry.text}`)));
    expect(comments).toHaveBeenCalledTimes(2);
    expect(comments).toHaveBeenLastCalledWith('test-token', 'p1', undefined);
    expect(within(first).queryByRole('button', { name: /View all/ })).not.toBeInTheDocument();
    expect(within(first).queryByRole('alert')).not.toBeInTheDocument();

    const second = await postWith('Second post');
    expect(within(second).getByRole('button', { name: 'Comments' }).nextSibling).toHaveTextContent('0');
    comments.mockResolvedValueOnce({ comments: [] });
    await user.click(within(second).getByRole('button', { name: 'Comments' }));
    expect(await within(second).findByText('No comments yet')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /View all/ })).not.toBeInTheDocument();
  });

  it("appends the next page of comments with 'Load more comments' until there are none", async () => {
    vi.spyOn(socialApi, 'feed').mockResolvedValue({
      posts: [makePost('p1', 'First post', alan, { comments: ['Two', 'Three', 'Four'], commentCount: 4 })],
    });
    const comments = vi
      .spyOn(socialApi, 'comments')
      .mockResolvedValueOnce({ comments: [comment('c1', 'One'), comment('c2', 'Two')], nextCursor: 'k1' })
      .mockResolvedValueOnce({ comments: [comment('c2', 'Two'), comment('c3', 'Three'), comment('c4', 'Four')] });
    const { user } = renderApp('/matrix', { signedIn: true });
    const first = await postWith('First post');

    await user.click(within(first).getByRole('button', { name: 'Comments' }));
    await waitFor(() => expect(commentTexts(first)).toEqual(['Alan Turing One', 'Alan Turing Two']));
    await user.click(within(first).getByRole('button', { name: 'Load more comments' }));

    await waitFor(() =>
      expect(commentTexts(first)).toEqual(['Alan Turing One', 'Alan Turing Two', 'Alan Turing Three', 'Alan Turing Four']),
    );
    expect(comments).toHaveBeenLastCalledWith('test-token', 'p1', 'k1');
    expect(within(first).queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
  });

  it('lets the author edit and delete their own post, and only theirs', async () => {
    vi.spyOn(socialApi, 'feed').mockResolvedValue({ posts: [makePost('mine', 'My words', me), makePost('p1', 'First post')] });
    vi.spyOn(socialApi, 'editPost').mockResolvedValue(makePost('mine', 'Better', me));
    const remove = vi.spyOn(socialApi, 'deletePost').mockResolvedValue();
    const { user } = renderApp('/matrix', { signedIn: true });
    const mine = await postWith('My words');
    expect(within(mine).queryByRole('button', { name: /friend/ })).not.toBeInTheDocument();
    expect(within(await postWith('First post')).queryByRole('button', { name: 'Post options' })).not.toBeInTheDocument();

    await user.click(within(mine).getByRole('button', { name: 'Post options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const editor = within(mine).getByRole('textbox', { name: 'Edit your post' });
    await user.clear(editor);
    await user.type(editor, 'Better');
    await user.click(within(mine).getByRole('button', { name: 'Save' }));
    expect(await within(mine).findByText('Better')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.click(within(mine).getByRole('button', { name: 'Post options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Better')).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledWith('test-token', 'mine');
    expect(posts()).toHaveLength(1);
  });

  it("loads further pages with 'Load more posts' until there are none", async () => {
    const feed = vi
      .spyOn(socialApi, 'feed')
      .mockResolvedValueOnce({ posts: [makePost('p1', 'First post')], nextCursor: 'c1' })
      .mockResolvedValueOnce({ posts: [makePost('p2', 'Second post')] });
    const { user } = renderApp('/matrix', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Load more posts' }));
    expect(await postWith('Second post')).toBeInTheDocument();
    expect(feed).toHaveBeenLastCalledWith('test-token', 'c1');
    expect(posts()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more posts' })).not.toBeInTheDocument();
  });

  it("says 'No posts yet' for an empty feed, and offers a retry when loading fails", async () => {
    vi.spyOn(socialApi, 'feed')
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'unreachable'))
      .mockResolvedValueOnce({ posts: [] });
    const { user } = renderApp('/matrix', { signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('The posts could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs out and lands on /lobby when the API answers 401', async () => {
    vi.spyOn(socialApi, 'member').mockRejectedValue(new ApiError(401, 'UNAUTHORIZED', 'The session has expired'));
    const { router, store } = renderApp('/matrix', { signedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/lobby'));
    expect(store.getState().session).toMatchObject({ user: null, token: null });
  });
});
