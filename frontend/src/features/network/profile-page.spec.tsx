import { friendSummaryOf } from '@atelier/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '@atelier/contracts';
import { ApiError } from '../../store/api-client';
import { socialApi } from '../../store/social-api';
import { renderApp } from '../../test/render-app';
import { alan, makePost, me } from './network-test-data';

configure({ asyncUtilTimeout: 10_000 });
beforeAll(() => import('./profile-page'));

const grace: Member = { ...alan, _id: 'u3', firstName: 'Grace', lastName: 'Hopper', occupation: 'Admiral' };

beforeEach(() => {
  vi.spyOn(socialApi, 'member').mockImplementation(async (_token, id) => {
    if (id === alan._id) return { ...alan, viewedProfile: 13 };
    if (id === me._id) return me;
    throw new ApiError(404, 'NOT_FOUND', 'No such member');
  });
  vi.spyOn(socialApi, 'friends').mockImplementation(async (_token, id) => (id === alan._id ? [friendSummaryOf(me), friendSummaryOf(grace)] : []));
  vi.spyOn(socialApi, 'memberPosts').mockImplementation(async (_token, id) => ({
    posts: id === alan._id ? [makePost('a1', 'Computing machinery')] : [],
  }));
});

afterEach(() => vi.restoreAllMocks());

describe('/profile/:userId', { timeout: 20_000 }, () => {
  it("shows the member's card, their friends and their posts, with your composer", async () => {
    const feed = vi.spyOn(socialApi, 'feed');
    renderApp(`/profile/${alan._id}`, { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Member Profile' })).toBeInTheDocument();

    const card = await screen.findByRole('region', { name: 'Alan Turing' });
    expect(within(card).getByRole('link', { name: 'Alan Turing' })).toHaveAttribute('href', '/profile/u2');
    expect(await within(card).findByText('2 friends')).toBeInTheDocument();
    expect(within(card).getByText("Who's viewed your profile").nextSibling).toHaveTextContent('13');
    expect(within(card).getByText('Mathematician')).toBeInTheDocument();

    const friendList = screen.getByRole('region', { name: 'Friend List' });
    const rows = within(friendList).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    // Buttons are relative to you: none on your own row, Add friend on a stranger's.
    expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Add friend' })).toBeInTheDocument();

    expect(screen.getByRole('textbox', { name: "What's on your mind..." })).toBeInTheDocument();
    expect(await screen.findByText('Computing machinery')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(feed).not.toHaveBeenCalled();
  });

  it('stacks card, friends, composer and posts in one column below 1000px', async () => {
    renderApp(`/profile/${alan._id}`, { signedIn: true });
    const card = await screen.findByRole('region', { name: 'Alan Turing' });
    const friendList = await screen.findByRole('region', { name: 'Friend List' });
    const composer = screen.getByRole('form', { name: 'New post' });
    const post = await screen.findByRole('article');
    const order = [card, friendList, composer, post];
    for (let index = 1; index < order.length; index += 1) {
      expect(order[index - 1].compareDocumentPosition(order[index]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('following a friend link opens that profile', async () => {
    const { user, router } = renderApp(`/profile/${alan._id}`, { signedIn: true });
    const friendList = await screen.findByRole('region', { name: 'Friend List' });
    await user.click(await within(friendList).findByRole('link', { name: 'Ada Lovelace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/u1'));
    expect(await screen.findByRole('region', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
  });

  it('says so when there is no such member', async () => {
    renderApp('/profile/00000000-0000-4000-8000-000000000000', { signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no member with this address.');
    expect(screen.queryByRole('region', { name: 'Friend List' })).not.toBeInTheDocument();
  });
});
