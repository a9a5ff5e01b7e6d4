import type { Saga } from 'redux-saga';
import { botfolkSaga } from '../features/botfolk/botfolk-saga';
import { lobbySaga } from '../features/lobby/lobby-saga';
import { networkSaga } from '../features/network/network-saga';
import { generationSaga } from '../features/generation/generation-saga';

// Each feature's watcher saga is listed here as the feature lands; the shell itself has no side effects.
// The store runs each on its own (app-store.ts): one feature's failure does not stop the others.
export const featureSagas: readonly Saga[] = [
  lobbySaga,
  networkSaga,
  botfolkSaga,
  generationSaga,
];
