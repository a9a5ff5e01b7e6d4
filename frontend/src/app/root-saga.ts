import { all, fork } from 'redux-saga/effects';
import type { Saga } from 'redux-saga';
import { botfolkSaga } from '../features/botfolk/botfolk-saga';
import { lobbySaga } from '../features/lobby/lobby-saga';
import { networkSaga } from '../features/network/network-saga';
import { generationSaga } from '../features/generation/generation-saga';

// Each feature's watcher saga is listed here as the feature lands; the shell itself has no side effects.
const featureSagas: Saga[] = [
  lobbySaga,
  networkSaga,
  botfolkSaga,
  generationSaga,
];

export function* rootSaga() {
  yield all(featureSagas.map((saga) => fork(saga)));
}
