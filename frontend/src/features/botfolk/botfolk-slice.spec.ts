import { describe, expect, it } from 'vitest';
import { ada, bram } from './botfolk-test-data';
import {
  botfolkLeft,
  botfolkReducer,
  individualFailed,
  individualRequested,
  individualSucceeded,
  initialBotFolkState,
  offspringRequested,
  type BotFolkState,
} from './botfolk-slice';

const reduce = (...actions: Parameters<typeof botfolkReducer>[1][]): BotFolkState =>
  actions.reduce(botfolkReducer, initialBotFolkState);

describe('botfolk slice', () => {
  it('starts idle with no individual', () => {
    expect(botfolkReducer(undefined, { type: 'init' })).toEqual({ status: 'idle', individual: null, error: null, retryAfterSeconds: null });
  });

  it('waits on a request, then holds the individual', () => {
    expect(reduce(individualRequested({}))).toEqual({ status: 'waiting', individual: null, error: null, retryAfterSeconds: null });
    expect(reduce(individualRequested({ dna: ada.dna }), individualSucceeded(ada))).toEqual({
      status: 'done',
      individual: ada,
      error: null,
      retryAfterSeconds: null,
    });
  });

  it('a new request or a breeding request replaces the one shown with waiting', () => {
    const shown = reduce(individualSucceeded(ada));
    expect(botfolkReducer(shown, individualRequested({}))).toEqual({ status: 'waiting', individual: null, error: null, retryAfterSeconds: null });
    expect(botfolkReducer(shown, offspringRequested({ parentA: ada.dna }))).toEqual({
      status: 'waiting',
      individual: null,
      error: null,
      retryAfterSeconds: null,
    });
  });

  it('a rate-limited failure keeps how long the server asked to wait', () => {
    expect(reduce(individualRequested({}), individualFailed('RATE_LIMITED', 30))).toEqual({
      status: 'error',
      individual: null,
      error: 'RATE_LIMITED',
      retryAfterSeconds: 30,
    });
  });

  it('a failure keeps its code, and the next request clears it', () => {
    const failed = reduce(individualSucceeded(ada), individualRequested({}), individualFailed('NETWORK'));
    expect(failed).toEqual({ status: 'error', individual: null, error: 'NETWORK', retryAfterSeconds: null });
    expect(botfolkReducer(failed, individualRequested({}))).toEqual({ status: 'waiting', individual: null, error: null, retryAfterSeconds: null });
    expect(botfolkReducer(failed, individualSucceeded(bram))).toEqual({ status: 'done', individual: bram, error: null, retryAfterSeconds: null });
  });

  it('leaving the page starts it over', () => {
    expect(botfolkReducer(reduce(individualSucceeded(ada)), botfolkLeft())).toEqual(initialBotFolkState);
  });
});
