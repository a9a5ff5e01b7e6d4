import { generatorFailureMessage } from '../../store/api-saga';
import type { RootState } from '../../store/root-state';

export const selectBotFolkStatus = (state: RootState) => state.botfolk.status;
export const selectBotFolkIndividual = (state: RootState) => state.botfolk.individual;
/** The words a failure shows: the wait on a 429, the required sentence otherwise. */
export const selectBotFolkFailure = (state: RootState) => generatorFailureMessage(state.botfolk.error, state.botfolk.retryAfterSeconds);
