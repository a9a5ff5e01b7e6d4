import type { PayloadAction } from '@reduxjs/toolkit';
import type { BotFolkIndividual } from '@atelier/contracts';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { ApiError } from '../../store/api-client';
import { retryAfterOf } from '../../store/api-saga';
import { BotFolkAnswerError, botfolkApi } from './botfolk-api';
import {
  botfolkLeft,
  individualFailed,
  individualRequested,
  individualSucceeded,
  offspringRequested,
  type BotFolkErrorCode,
  type IndividualRequest,
} from './botfolk-slice';

type BotFolkAction = ReturnType<typeof individualRequested | typeof offspringRequested | typeof botfolkLeft>;

function errorCodeOf(error: unknown): BotFolkErrorCode {
  if (error instanceof ApiError) return error.code;
  // A 2xx answer whose body is not JSON, or not an individual.
  if (error instanceof SyntaxError || error instanceof BotFolkAnswerError) return 'BAD_ANSWER';
  return 'UNKNOWN';
}

function* requestIndividual(action: PayloadAction<IndividualRequest>): SagaIterator<BotFolkIndividual> {
  const { dna } = action.payload;
  return (yield dna ? call(botfolkApi.fromDna, dna) : call(botfolkApi.random)) as BotFolkIndividual;
}

function* breed({ payload }: PayloadAction<{ parentA: string }>): SagaIterator<BotFolkIndividual> {
  const partner: BotFolkIndividual = yield call(botfolkApi.random);
  return (yield call(botfolkApi.offspring, { parentA: payload.parentA, parentB: partner.dna })) as BotFolkIndividual;
}

function* answer(action: BotFolkAction): SagaIterator {
  // Leaving the page only cancels the request still running (takeLatest does that).
  if (botfolkLeft.match(action)) return;
  try {
    const individual: BotFolkIndividual = offspringRequested.match(action)
      ? yield call(breed, action)
      : yield call(requestIndividual, action);
    yield put(individualSucceeded(individual));
  } catch (error) {
    // docs/requirements/ai-demos.md#bot-folk: the page shows one sentence; the details go to the console.
    yield call([console, console.error], 'Bot Folk: the individual could not be loaded', error);
    yield put(individualFailed(errorCodeOf(error), retryAfterOf(error)));
  }
}

export function* botfolkSaga(): SagaIterator {
  // The latest request wins: a new one (or leaving the page) drops the answer of the one before.
  yield takeLatest([individualRequested.type, offspringRequested.type, botfolkLeft.type], answer);
}
