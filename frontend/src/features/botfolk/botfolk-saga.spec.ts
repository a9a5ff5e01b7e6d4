import type { BotFolkIndividual } from '@atelier/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../store/api-client';
import { createAppStore } from '../../app/app-store';
import { BotFolkAnswerError, botfolkApi } from './botfolk-api';
import { botfolkLeft, individualRequested, offspringRequested } from './botfolk-slice';
import { ada, bram, cleo } from './botfolk-test-data';

// The Bot Folk saga, run by the app's own store (root saga included) against a stubbed API.

type Store = ReturnType<typeof createAppStore>['store'];

/** The store once the latest request has an answer. */
async function settled(store: Store) {
  await vi.waitFor(() => expect(store.getState().botfolk.status).toMatch(/^(done|error)$/));
  return store.getState().botfolk;
}

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('botfolk saga', () => {
  it('fetches a new individual and shows it', async () => {
    const random = vi.spyOn(botfolkApi, 'random').mockResolvedValue(ada);
    const fromDna = vi.spyOn(botfolkApi, 'fromDna');
    const { store } = createAppStore();

    store.dispatch(individualRequested({}));
    expect(store.getState().botfolk.status).toBe('waiting');

    expect(await settled(store)).toEqual({ status: 'done', individual: ada, error: null, retryAfterSeconds: null });
    expect(random).toHaveBeenCalledOnce();
    expect(fromDna).not.toHaveBeenCalled();
  });

  it('fetches exactly the individual a DNA line names', async () => {
    const fromDna = vi.spyOn(botfolkApi, 'fromDna').mockResolvedValue(bram);
    const random = vi.spyOn(botfolkApi, 'random');
    const { store } = createAppStore();

    store.dispatch(individualRequested({ dna: bram.dna }));

    expect((await settled(store)).individual).toEqual(bram);
    expect(fromDna).toHaveBeenCalledWith(bram.dna);
    expect(random).not.toHaveBeenCalled();
  });

  it('breeds: a new random partner, then the child of both DNA lines', async () => {
    vi.spyOn(botfolkApi, 'random').mockResolvedValue(bram);
    const offspring = vi.spyOn(botfolkApi, 'offspring').mockResolvedValue(cleo);
    const { store } = createAppStore();

    store.dispatch(offspringRequested({ parentA: ada.dna }));

    expect((await settled(store)).individual).toEqual(cleo);
    expect(offspring).toHaveBeenCalledWith({ parentA: ada.dna, parentB: bram.dna });
  });

  it.each([
    ['an unreachable server', new ApiError(0, 'NETWORK', 'The server could not be reached'), 'NETWORK'],
    ['a refused DNA line', new ApiError(400, 'VALIDATION_FAILED', 'Invalid DNA'), 'VALIDATION_FAILED'],
    ['an answer that is not JSON', new SyntaxError('Unexpected token <'), 'BAD_ANSWER'],
    ['an answer that is not an individual', new BotFolkAnswerError({}), 'BAD_ANSWER'],
    ['anything else', new Error('boom'), 'UNKNOWN'],
  ])('keeps the code of %s and logs the details to the console', async (_case, error, code) => {
    vi.spyOn(botfolkApi, 'random').mockRejectedValue(error);
    const { store } = createAppStore();

    store.dispatch(individualRequested({}));

    expect(await settled(store)).toEqual({ status: 'error', individual: null, error: code, retryAfterSeconds: null });
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('Bot Folk'), error);
  });

  it('a failed partner fetch fails the breeding without asking for a child', async () => {
    vi.spyOn(botfolkApi, 'random').mockRejectedValue(new ApiError(500, 'INTERNAL', 'boom'));
    const offspring = vi.spyOn(botfolkApi, 'offspring');
    const { store } = createAppStore();

    store.dispatch(offspringRequested({ parentA: ada.dna }));

    expect(await settled(store)).toMatchObject({ status: 'error', error: 'INTERNAL' });
    expect(offspring).not.toHaveBeenCalled();
  });

  it('only the latest request counts', async () => {
    let answerFirst: (individual: BotFolkIndividual) => void = () => undefined;
    vi.spyOn(botfolkApi, 'random')
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce(bram);
    const { store } = createAppStore();

    store.dispatch(individualRequested({}));
    store.dispatch(individualRequested({}));
    await settled(store);
    answerFirst(ada);
    await Promise.resolve();

    expect(store.getState().botfolk.individual).toEqual(bram);
  });

  it('an answer arriving after the page was left is dropped', async () => {
    let answer: (individual: BotFolkIndividual) => void = () => undefined;
    vi.spyOn(botfolkApi, 'random').mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const { store } = createAppStore();

    store.dispatch(individualRequested({}));
    store.dispatch(botfolkLeft());
    answer(ada);
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(store.getState().botfolk).toEqual({ status: 'idle', individual: null, error: null, retryAfterSeconds: null });
  });
});
