import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SPEC_NAV } from '../../test/fixtures';
import { linksOf, renderApp } from '../../test/render-app';

const header = () => screen.getByRole('banner');

describe('site header', () => {
  it('shows the full menu, in the spec order, at 1000px', async () => {
    renderApp('/', { width: 1000 });
    const nav = await within(await screen.findByRole('banner')).findByRole('navigation', { name: 'Main' });
    expect(linksOf(nav)).toEqual(SPEC_NAV);
    expect(within(header()).queryByRole('button', { name: 'open menu' })).not.toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'Atelier' })).toHaveAttribute('href', '/');
  });

  it('below 1000px hides the menu behind a hamburger whose panel lists the items and closes', async () => {
    const { user } = renderApp('/', { width: 999 });
    // The page first, so the click lands in the header that stays (not the loading frame's).
    await screen.findByRole('heading', { level: 1 });
    const hamburger = await within(await screen.findByRole('banner')).findByRole('button', { name: 'open menu' });
    expect(within(header()).queryByRole('navigation')).not.toBeInTheDocument();

    await user.click(hamburger);
    const panel = await screen.findByRole('dialog', { name: 'Site menu' });
    expect(linksOf(within(panel).getByRole('navigation', { name: 'Main' }))).toEqual(SPEC_NAV);

    await user.click(within(panel).getByRole('button', { name: 'close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Site menu' })).not.toBeInTheDocument());
  });

  it('choosing an item in the panel navigates there and closes the panel', async () => {
    const { user, router } = renderApp('/', { width: 800 });
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

  it("signed in, the member's name opens a menu whose SIGN OUT signs out", async () => {
    const { user, store } = renderApp('/', { signedIn: true });
    const account = await within(await screen.findByRole('banner')).findByRole('button', { name: 'Ada Lovelace' });

    await user.click(account);
    await user.click(await screen.findByRole('menuitem', { name: 'SIGN OUT' }));

    expect(store.getState().session.token).toBeNull();
    expect(store.getState().session.user).toBeNull();
    await waitFor(() => expect(within(header()).queryByRole('button', { name: 'Ada Lovelace' })).not.toBeInTheDocument());
  });

  it('signed in on a narrow screen, the member menu is in the panel', async () => {
    const { user } = renderApp('/', { width: 600, signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'open menu' }));
    const panel = await screen.findByRole('dialog', { name: 'Site menu' });
    expect(within(panel).getByRole('button', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });
});
