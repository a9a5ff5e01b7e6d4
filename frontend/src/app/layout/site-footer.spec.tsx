import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SPEC_NAV } from '../../test/fixtures';
import { linksOf, renderApp } from '../../test/render-app';

const footerNav = async () =>
  within(await screen.findByRole('contentinfo')).getByRole('navigation', { name: 'Footer' });

describe('site footer', () => {
  it('shows the copyright for 2025 and a logo that links to /#', async () => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('© 2025 Atelier')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Atelier' })).toHaveAttribute('href', '/#');
  });

  it('on wide screens lists the navigation in the spec order', async () => {
    renderApp('/', { width: 1280 });
    expect(linksOf(await footerNav())).toEqual(SPEC_NAV);
  });

  it('on narrow screens keeps the observed swap of the last two labels', async () => {
    renderApp('/', { width: 800 });
    expect(linksOf(await footerNav())).toEqual([
      ...SPEC_NAV.slice(0, 4),
      ['Synthetic Life', '/dev'],
      ['Developer Resources', '/life'],
    ]);
  });
});
