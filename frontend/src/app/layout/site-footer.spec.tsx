import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SPEC_NAV } from '../../test/fixtures';
import { linksOf, renderApp } from '../../test/render-app';
import { shownAtWidth } from '../../test/viewport';

/** The footer's two menus, wide and narrow, in document order: the stylesheet shows one of them. */
const footerNavs = async () =>
  within(await screen.findByRole('contentinfo')).getAllByRole('navigation', { name: 'Footer' });

describe('site footer', { timeout: 20_000 }, () => {
  it('shows the copyright for 2025 and a logo that links to /#', async () => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('© 2025 Atelier')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Atelier' })).toHaveAttribute('href', '/#');
  });

  it('from 1000px lists the navigation in the required order', async () => {
    renderApp('/');
    const [wide, narrow] = await footerNavs();
    expect(linksOf(wide)).toEqual(SPEC_NAV);
    expect([999, 1000, 1280].map((width) => [shownAtWidth(wide, width), shownAtWidth(narrow, width)])).toEqual([
      [false, true],
      [true, false],
      [true, false],
    ]);
  });

  it('below 1000px keeps the observed swap of the last two labels', async () => {
    renderApp('/');
    const [, narrow] = await footerNavs();
    expect(linksOf(narrow)).toEqual([
      ...SPEC_NAV.slice(0, 4),
      ['Synthetic Life', '/dev'],
      ['Developer Resources', '/life'],
    ]);
  });
});
