import { all, fork } from 'redux-saga/effects';
import type { Saga } from 'redux-saga';

// Each feature's watcher saga is listed here as the feature lands; the shell itself has no side effects.
const featureSagas: Saga[] = [];

export function* rootSaga() {
  yield all(featureSagas.map((saga) => fork(saga)));
}
