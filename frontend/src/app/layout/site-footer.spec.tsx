import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

const footerNav = async () =>
  within(await screen.findByRole('contentinfo')).getByRole('navigation', { name: 'Footer' });

const linksOf = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('site footer', () => {
  it('shows the copyright for 2025 and a logo that links to /#', async () => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('© 2025 Atelier')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Atelier' })).toHaveAttribute('href', '/#');
  });

  it('on wide screens lists the navigation in the spec order', async () => {
    renderApp('/', { width: 1280 });
    expect(linksOf(await footerNav())).toEqual([
      ['Matrix Network', '/matrix'],
      ['Forge Generator', '/forge'],
      ['Dream-o-matic', '/dream'],
      ['Gen AI Gallery', '/gallery'],
      ['Synthetic Life', '/life'],
      ['Developer Resources', '/dev'],
    ]);
  });

  it('on narrow screens keeps the observed swap of the last two labels', async () => {
    renderApp('/', { width: 800 });
    expect(linksOf(await footerNav())).toEqual([
      ['Matrix Network', '/matrix'],
      ['Forge Generator', '/forge'],
      ['Dream-o-matic', '/dream'],
      ['Gen AI Gallery', '/gallery'],
      ['Synthetic Life', '/dev'],
      ['Developer Resources', '/life'],
    ]);
  });
});
