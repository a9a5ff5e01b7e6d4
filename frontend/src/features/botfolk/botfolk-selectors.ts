import type { RootState } from '../../store/root-state';

export const selectBotFolkStatus = (state: RootState) => state.botfolk.status;
export const selectBotFolkIndividual = (state: RootState) => state.botfolk.individual;
export const selectBotFolkError = (state: RootState) => state.botfolk.error;
