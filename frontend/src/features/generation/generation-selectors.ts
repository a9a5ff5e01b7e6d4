import type { RootState } from '../../store/root-state';
import type { GenerationPage } from './generation-slice';

export const selectGenerationJob = (page: GenerationPage) => (state: RootState) => state.generation[page];
export const selectGenerationInfo = (state: RootState) => state.generation.info;
