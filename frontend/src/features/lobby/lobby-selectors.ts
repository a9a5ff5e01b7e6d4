import type { RootState } from '../../store/root-state';

export const selectLobbyMode = (state: RootState) => state.lobby.mode;
export const selectLobbySubmitting = (state: RootState) => state.lobby.status === 'submitting';
export const selectLobbyError = (state: RootState) => state.lobby.error;
export const selectRegisteredEmail = (state: RootState) => state.lobby.registeredEmail;
export const selectLobbySignedIn = (state: RootState) => state.lobby.signedIn;
