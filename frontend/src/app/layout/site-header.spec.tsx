import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SPEC_NAV } from '../../test/fixtures';
import { linksOf, renderApp } from '../../test/render-app';
import { shownAtWidth, styleAtWidth } from '../../test/viewport';

const header = () => screen.getByRole('banner');

describe('site header', { timeout: 20_000 }, () => {
  it('has both menus in its markup: the links show from 1000px, the hamburger below', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const nav = within(header()).getByRole('navigation', { name: 'Main' });
    const hamburger = within(header()).getByRole('button', { name: 'open menu' });

    expect(linksOf(nav)).toEqual(SPEC_NAV);
    expect([375, 999, 1000, 1280].map((width) => shownAtWidth(nav, width))).toEqual([false, false, true, true]);
    expect([375, 999, 1000, 1280].map((width) => shownAtWidth(hamburger, width))).toEqual([true, true, false, false]);
    // One row: the links between the logo and the actions, from 1000px.
    expect([999, 1000].map((width) => styleAtWidth(header(), 'grid-template-areas', width))).toEqual([
      '"logo . actions"',
      '"logo nav actions"',
    ]);
    expect(within(header()).getByRole('link', { name: 'Atelier' })).toHaveAttribute('href', '/');
  });

  it('the hamburger opens a panel that lists the items, and closes it', async () => {
    const { user } = renderApp('/');
    // The page first, so the click lands in the header that stays (not the loading frame's).
    await screen.findByRole('heading', { level: 1 });
    const hamburger = within(header()).getByRole('button', { name: 'open menu' });
    expect(hamburger).toHaveAttribute('aria-expanded', 'false');

    await user.click(hamburger);
    const panel = await screen.findByRole('dialog', { name: 'Site menu' });
    expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    expect(linksOf(within(panel).getByRole('navigation', { name: 'Main' }))).toEqual(SPEC_NAV);

    await user.click(within(panel).getByRole('button', { name: 'close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Site menu' })).not.toBeInTheDocument());
    expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  });

  it('choosing an item in the panel navigates there and closes the panel', async () => {
    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(await screen.findByRole('button', { name: 'open menu' }));
    const panel = await screen.findByRole('dialog', { name: 'Site menu' });

    await user.click(within(panel).getByRole('link', { name: 'Dream-o-matic' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dream-o-matic: AI Dream Image Generator' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dream');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Site menu' })).not.toBeInTheDocument());
  });

  it('the theme toggle starts dark (sun icon) and flips to light (moon icon) and back', async () => {
    const { user, store } = renderApp('/');
    const toLight = await screen.findByRole('button', { name: 'switch to light mode' });
    expect(within(toLight).getByTestId('LightModeIcon')).toBeInTheDocument();
    const darkBackground = getComputedStyle(document.body).backgroundColor;

    await user.click(toLight);
    const toDark = screen.getByRole('button', { name: 'switch to dark mode' });
    expect(within(toDark).getByTestId('DarkModeIcon')).toBeInTheDocument();
    expect(store.getState().session.mode).toBe('light');
    expect(getComputedStyle(document.body).backgroundColor).not.toBe(darkBackground);

    await user.click(toDark);
    expect(screen.getByRole('button', { name: 'switch to light mode' })).toBeInTheDocument();
  });

  it('signed out, there is no member menu', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(within(header()).queryByRole('button', { name: /Lovelace/ })).not.toBeInTheDocument();
  });

  it("signed in, the member's name shows in the header from 1000px and its SIGN OUT signs out", async () => {
    const { user, store } = renderApp('/', { signedIn: true });
    const account = await within(await screen.findByRole('banner')).findByRole('button', { name: 'Ada Lovelace' });
    expect([999, 1000].map((width) => shownAtWidth(account, width))).toEqual([false, true]);
    // The name and the six links do not fit one row: the links get their own.
    expect(styleAtWidth(header(), 'grid-template-areas', 1000)).toBe('"logo . actions" "nav nav nav"');

    await user.click(account);
    await user.click(await screen.findByRole('menuitem', { name: 'SIGN OUT' }));

    expect(store.getState().session.token).toBeNull();
    expect(store.getState().session.user).toBeNull();
    await waitFor(() => expect(within(header()).queryByRole('button', { name: 'Ada Lovelace' })).not.toBeInTheDocument());
  });

  it('signed in, the member menu is in the panel too (narrow screens)', async () => {
    const { user } = renderApp('/', { signedIn: true });
    await screen.findByRole('heading', { level: 1 });
    await user.click(await screen.findByRole('button', { name: 'open menu' }));
    const panel = await screen.findByRole('dialog', { name: 'Site menu' });
    expect(within(panel).getByRole('button', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });
});
