import type { BotFolkIndividual } from '@atelier/contracts';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createAppStore } from '../../app/app-store';
import { ApiError } from '../../store/api-client';
import { contentApi, PageContentContext, type PageContent } from '../../store/content-api';
import { renderApp } from '../../test/render-app';
import { botfolkApi } from './botfolk-api';
import BotFolkPage from './botfolk-page';
import { ada, bram, cleo } from './botfolk-test-data';

configure({ asyncUtilTimeout: 10_000 });

// The route loads its page lazily; compiling it once up front keeps the first test within its time.
beforeAll(() => import('./botfolk-page'));

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const CREATE = 'CREATE A NEW UNIQUE BOT FOLK INDIVIDUAL';
const BREED = 'BREED WITH A NEW INDIVIDUAL';

/** The value shown for a header fact (ID, Born, Gender, World, Parents, DNA). */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
/** A trait table's rows as [name, value] pairs. */
const rowsOf = (table: string) =>
  within(screen.getByRole('table', { name: table }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent));
const spinners = () =>
  within(screen.getByRole('status', { name: 'Creating a Bot Folk individual' })).getAllByRole('progressbar', {
    hidden: true,
  });

/** An API call that answers only when told to. */
function pending() {
  let answer: (individual: BotFolkIndividual) => void = () => undefined;
  const promise = new Promise<BotFolkIndividual>((resolve) => (answer = resolve));
  return { promise, answer: (individual: BotFolkIndividual) => answer(individual) };
}

/** The page as it hydrates a server render whose loader answered `content`. */
function renderDrawn(path: string, content: PageContent) {
  const { store } = createAppStore();
  const router = createMemoryRouter(
    [{ path: '/life', element: <PageContentContext.Provider value={content}><BotFolkPage /></PageContentContext.Provider> }],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user };
}

describe('/life', { timeout: 20_000 }, () => {
  it('loads one individual on open, with a grid of 5 spinners while waiting', async () => {
    const call = pending();
    const random = vi.spyOn(botfolkApi, 'random').mockReturnValue(call.promise);
    const { router } = renderApp('/life');

    await waitFor(() => expect(spinners()).toHaveLength(5));
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: BREED })).toBeDisabled();

    call.answer(ada);
    expect(await screen.findByRole('heading', { level: 2, name: 'Ada Quill' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Creating a Bot Folk individual' })).not.toBeInTheDocument();
    expect(random).toHaveBeenCalledOnce();
    const face = screen.getByRole('img', { name: 'Face of Ada Quill' });
    expect(face).toHaveAttribute('src', ada.svgimage);
    expect(face).toHaveAttribute('width', '400');
    expect(fact('ID')).toHaveTextContent('BF-ACGTAC');
    expect(fact('Born')).toHaveTextContent('2071-03-14');
    expect(fact('Gender')).toHaveTextContent('Female');
    expect(fact('World')).toHaveTextContent('Botville');
    expect(fact('DNA')).toHaveTextContent(ada.dna);
    expect(screen.queryByText('Parents', { selector: 'dt' })).not.toBeInTheDocument();
    // The address now reproduces this individual.
    expect(router.state.location.search).toBe(`?dna=${ada.dna}`);
  });

  it('shows the Genes, Nurture and Culture tables with every value as text, null as null', async () => {
    vi.spyOn(botfolkApi, 'random').mockResolvedValue(ada);
    renderApp('/life');

    await screen.findByRole('heading', { level: 2, name: 'Ada Quill' });
    expect(within(screen.getByRole('table', { name: 'Genes' })).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Gene', 'Value']);
    expect(within(screen.getByRole('table', { name: 'Nurture' })).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Factor', 'Value']);
    expect(within(screen.getByRole('table', { name: 'Culture' })).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Trait', 'Value']);
    expect(rowsOf('Genes')).toEqual([
      ['face width', '0.72'],
      ['gender', 'true'],
      ['hair colour', 'auburn'],
      ['facial hair', 'null'],
    ]);
    expect(rowsOf('Nurture')).toEqual([
      ['region', 'Northern Reach'],
      ['schooling', '12'],
      ['household', 'null'],
    ]);
    expect(rowsOf('Culture')).toContainEqual(['religion', 'null']);
    expect(rowsOf('Culture')).toContainEqual(['first name', 'Ada']);
  });

  it("reads Male when the gender gene is false, and shows the required explanatory text and external link", async () => {
    vi.spyOn(botfolkApi, 'random').mockResolvedValue(bram);
    renderApp('/life');

    await screen.findByRole('heading', { level: 2, name: 'Bram Oxley' });
    expect(fact('Gender')).toHaveTextContent('Male');
    expect(rowsOf('Genes')).toContainEqual(['gender', 'false']);
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(/genes define (its )?morphology and behaviour at birth/i);
    expect(main).toHaveTextContent(/nurture is shaped by (its |the )?environment/i);
    expect(main).toHaveTextContent(/culture is assigned by society/i);
    expect(main).toHaveTextContent(/Botville/);
    expect(main).toHaveTextContent(/Ultraspace/);
    const site = screen.getByRole('link', { name: 'Bot Folk website' });
    expect(site).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('the button fetches a different individual, waiting in between', async () => {
    const second = pending();
    vi.spyOn(botfolkApi, 'random').mockResolvedValueOnce(ada).mockReturnValueOnce(second.promise);
    const { user, router } = renderApp('/life');
    await screen.findByRole('heading', { level: 2, name: 'Ada Quill' });

    await user.click(screen.getByRole('button', { name: CREATE }));
    expect(spinners()).toHaveLength(5);
    expect(screen.queryByRole('heading', { level: 2, name: 'Ada Quill' })).not.toBeInTheDocument();

    second.answer(bram);
    expect(await screen.findByRole('heading', { level: 2, name: 'Bram Oxley' })).toBeInTheDocument();
    expect(fact('DNA')).toHaveTextContent(bram.dna);
    await waitFor(() => expect(router.state.location.search).toBe(`?dna=${bram.dna}`));
  });

  it('hydrates with the individual the server drew, asks for none, and writes its permalink', async () => {
    const random = vi.spyOn(botfolkApi, 'random').mockResolvedValue(bram);
    const { router, user } = renderDrawn('/life', { [contentApi.pyface.key({})]: ada });

    expect(screen.getByRole('heading', { level: 2, name: 'Ada Quill' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Creating a Bot Folk individual' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(`?dna=${ada.dna}`));
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Quill' })).toBeInTheDocument();
    expect(random).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: CREATE }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Bram Oxley' })).toBeInTheDocument();
    expect(random).toHaveBeenCalledOnce();
  });

  it('asks for the permalink’s individual itself when the server drew none for it', async () => {
    const fromDna = vi.spyOn(botfolkApi, 'fromDna').mockResolvedValue(bram);
    renderDrawn(`/life?dna=${bram.dna}`, { [contentApi.pyface.key({})]: ada });

    expect(await screen.findByRole('heading', { level: 2, name: 'Bram Oxley' })).toBeInTheDocument();
    expect(fromDna).toHaveBeenCalledWith(bram.dna);
  });

  it('opened at ?dna= it loads exactly that individual', async () => {
    const fromDna = vi.spyOn(botfolkApi, 'fromDna').mockResolvedValue(bram);
    const random = vi.spyOn(botfolkApi, 'random');
    const { router } = renderApp(`/life?dna=${bram.dna}`);

    expect(await screen.findByRole('heading', { level: 2, name: 'Bram Oxley' })).toBeInTheDocument();
    expect(fromDna).toHaveBeenCalledOnce();
    expect(fromDna).toHaveBeenCalledWith(bram.dna);
    expect(random).not.toHaveBeenCalled();
    expect(router.state.location.search).toBe(`?dna=${bram.dna}`);
  });

  it('breeds the individual shown with a new one and shows the child with its parents', async () => {
    vi.spyOn(botfolkApi, 'random').mockResolvedValueOnce(ada).mockResolvedValueOnce(bram);
    const offspring = vi.spyOn(botfolkApi, 'offspring').mockResolvedValue(cleo);
    const { user, router } = renderApp('/life');
    await screen.findByRole('heading', { level: 2, name: 'Ada Quill' });

    await user.click(screen.getByRole('button', { name: BREED }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Cleo Quill' })).toBeInTheDocument();
    expect(offspring).toHaveBeenCalledWith({ parentA: ada.dna, parentB: bram.dna });
    expect(fact('Parents')).toHaveTextContent('BF-ACGTAC, BF-TTGACC');
    expect(rowsOf('Culture')).toContainEqual(['parents', 'BF-ACGTAC, BF-TTGACC']);
    await waitFor(() => expect(router.state.location.search).toBe(`?dna=${cleo.dna}`));
  });

  it('copies the permalink of the individual shown', async () => {
    vi.spyOn(botfolkApi, 'random').mockResolvedValue(ada);
    const { user } = renderApp('/life');
    await screen.findByRole('heading', { level: 2, name: 'Ada Quill' });

    await user.click(screen.getByRole('button', { name: 'Copy permalink' }));

    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/life?dna=${ada.dna}`);
    expect(screen.getByRole('status')).toHaveTextContent('Permalink copied');
  });

  it.each([
    ['the server is unreachable', new ApiError(0, 'NETWORK', 'The server could not be reached')],
    ['the server refuses', new ApiError(500, 'INTERNAL', 'The server answered 500')],
    ['the answer is not JSON', new SyntaxError('Unexpected token <')],
  ])("says 'Something went wrong. Please try again.' when %s, and logs the details", async (_case, error) => {
    vi.spyOn(botfolkApi, 'random').mockRejectedValueOnce(error).mockResolvedValueOnce(ada);
    const { user } = renderApp('/life');

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), error);
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: BREED })).toBeDisabled();
    expect(screen.getByRole('main')).toHaveTextContent(/culture is assigned by society/i);

    // Trying again works.
    await user.click(screen.getByRole('button', { name: CREATE }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ada Quill' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says how long to wait when the server refuses with 429 and a Retry-After', async () => {
    vi.spyOn(botfolkApi, 'random').mockRejectedValue(new ApiError(429, 'RATE_LIMITED', 'Too many requests', [], 20));
    renderApp('/life');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait 20 seconds and try again.');
  });
});
