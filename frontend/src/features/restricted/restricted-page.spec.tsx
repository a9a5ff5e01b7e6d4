import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { linksOf, renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => import('./restricted-page'));

const WARNING = /Access requires explicit authorization from the owner/;

async function openPage(path: string) {
  const view = renderApp(path);
  const warning = await screen.findByRole('note');
  return { ...view, warning };
}

describe('/ll1l1l1ll', { timeout: 20_000 }, () => {
  it('warns that access is for authorized visitors only, without keeping anyone out', async () => {
    const { warning } = await openPage('/ll1l1l1ll');

    expect(screen.getByRole('heading', { level: 1, name: 'Restricted Area' })).toBeInTheDocument();
    expect(warning).toHaveTextContent('Authorized access only');
    expect(warning).toHaveTextContent(WARNING);
  });

  it('leads on to its video test page', async () => {
    const { user, router } = await openPage('/ll1l1l1ll');
    const main = screen.getByRole('main');

    expect(within(main).getAllByRole('link').map((link) => link.textContent)).toEqual(['Video player test']);
    await user.click(within(main).getByRole('link', { name: 'Video player test' }));
    // The video page loads lazily; the router moves once it has.
    await waitFor(() => expect(router.state.location.pathname).toBe('/ll1l1l1ll/test'));
  });
});

describe('/citadel', { timeout: 20_000 }, () => {
  it('carries the same warning', async () => {
    const { warning } = await openPage('/citadel');

    expect(screen.getByRole('heading', { level: 1, name: 'Citadel' })).toBeInTheDocument();
    expect(warning).toHaveTextContent('Authorized access only');
    expect(warning).toHaveTextContent(WARNING);
  });

  it('links out to the admin tools, the site’s own areas and the sibling sites, each in a new tab', async () => {
    await openPage('/citadel');
    const group = (name: string) => screen.getByRole('region', { name });

    expect(linksOf(group('Admin tools'))).toEqual([
      ['API reference', '/api/docs'],
      ['OpenAPI document', '/api/docs/openapi.json'],
      ['Health check', '/api/health'],
    ]);
    expect(linksOf(group('This site'))).toEqual([
      ['Matrix Network', '/matrix'],
      ['Synthetic Life', '/life'],
      ['Video player test', '/ll1l1l1ll/test'],
    ]);
    expect(linksOf(group('Sibling sites'))).toEqual([
      ['Bot Folk', 'https://botfolk.com'],
      ['Atelier on GitHub', 'https://github.com/example/atelier'],
    ]);
    expect(group('Sibling sites')).toHaveTextContent(/Placeholder address/);
    for (const link of within(screen.getByRole('main')).getAllByRole('link')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('keeps its links off /ll1l1l1ll, and the video link off /citadel', async () => {
    const { router } = await openPage('/citadel');
    expect(screen.queryByRole('region', { name: 'Admin tools' })).toBeInTheDocument();

    await act(() => router.navigate('/ll1l1l1ll'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Restricted Area' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Admin tools' })).not.toBeInTheDocument();
  });
});
