import type { PayloadAction } from '@reduxjs/toolkit';
import type { LoginResponse, Member } from '@atelier/contracts';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { ApiError } from '../../store/api-client';
import { errorMessage, rateLimitMessage } from '../../store/api-saga';
import { setLogin } from '../../store/session-slice';
import { socialApi, type RegisterRequest } from '../../store/social-api';
import type { LoginFields } from './lobby-schemas';
import {
  lobbyFailed,
  loginRequested,
  loginSucceeded,
  registerRequested,
  registerSucceeded,
  type LobbyError,
} from './lobby-slice';

// A 429 says how long to wait (its Retry-After) rather than the limiter's own words.
const lobbyErrorFrom = (error: unknown): LobbyError =>
  error instanceof ApiError
    ? {
        code: error.code,
        message: error.code === 'RATE_LIMITED' ? rateLimitMessage(error.retryAfterSeconds) : error.message,
        details: error.details,
      }
    : { code: 'UNKNOWN', message: errorMessage(error), details: [] };

function* login({ payload }: PayloadAction<LoginFields>): SagaIterator {
  try {
    const { user, token }: LoginResponse = yield call(socialApi.login, payload.email, payload.password);
    yield put(setLogin({ user, token }));
    yield put(loginSucceeded());
  } catch (error) {
    yield put(lobbyFailed(lobbyErrorFrom(error)));
  }
}

function* register({ payload }: PayloadAction<RegisterRequest>): SagaIterator {
  try {
    const member: Member = yield call(socialApi.register, payload);
    yield put(registerSucceeded({ email: member.email ?? payload.email }));
  } catch (error) {
    yield put(lobbyFailed(lobbyErrorFrom(error)));
  }
}

export function* lobbySaga(): SagaIterator {
  yield takeLatest(loginRequested.type, login);
  yield takeLatest(registerRequested.type, register);
}
