import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BotFolkIndividual } from '@atelier/contracts';
import type { ApiError } from '../../store/api-client';

/**
 * Why the last request failed: the server's code (`NETWORK` when unreachable), `BAD_ANSWER` when it
 * answered something that is not an individual, `UNKNOWN` otherwise. The page words them all the same.
 */
export type BotFolkErrorCode = ApiError['code'] | 'BAD_ANSWER' | 'UNKNOWN';

export interface BotFolkState {
  /** idle before the first request, waiting while one runs, then done or error (docs/requirements/ai-demos.md#bot-folk). */
  status: 'idle' | 'waiting' | 'done' | 'error';
  /** The answer to the latest request; null while waiting and after a failure. */
  individual: BotFolkIndividual | null;
  error: BotFolkErrorCode | null;
  /** After a RATE_LIMITED answer: how long the server asked to wait (its Retry-After), when it said. */
  retryAfterSeconds: number | null;
}

export interface IndividualRequest {
  /** Exactly this individual (a permalink); a new random one when absent. */
  dna?: string;
}

export const initialBotFolkState: BotFolkState = { status: 'idle', individual: null, error: null, retryAfterSeconds: null };

const waiting = (): BotFolkState => ({ status: 'waiting', individual: null, error: null, retryAfterSeconds: null });

const botfolkSlice = createSlice({
  name: 'botfolk',
  initialState: initialBotFolkState,
  reducers: {
    individualRequested(_state, _action: PayloadAction<IndividualRequest>) {
      return waiting();
    },
    /** Breed the individual with this DNA with a new random partner. */
    offspringRequested(_state, _action: PayloadAction<{ parentA: string }>) {
      return waiting();
    },
    individualSucceeded(_state, action: PayloadAction<BotFolkIndividual>) {
      return { status: 'done', individual: action.payload, error: null, retryAfterSeconds: null };
    },
    individualFailed: {
      reducer(_state, action: PayloadAction<{ error: BotFolkErrorCode; retryAfterSeconds: number | null }>): BotFolkState {
        return { status: 'error', individual: null, ...action.payload };
      },
      prepare: (error: BotFolkErrorCode, retryAfterSeconds: number | null = null) => ({ payload: { error, retryAfterSeconds } }),
    },
    /** The page was left: a later visit starts over, and an answer still on its way is dropped. */
    botfolkLeft() {
      return initialBotFolkState;
    },
  },
});

export const { individualRequested, offspringRequested, individualSucceeded, individualFailed, botfolkLeft } =
  botfolkSlice.actions;
export const botfolkReducer = botfolkSlice.reducer;

// This feature's key in the app's state; app/app-store mounts botfolkReducer under it.
declare module '../../store/root-state' {
  interface RootState {
    botfolk: BotFolkState;
  }
}
