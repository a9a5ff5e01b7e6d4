import type { BotFolkIndividual, IndividualQuery, OffspringRequest } from '@atelier/contracts';
import { config } from '../../config';
import { apiRequest } from '../../store/api-client';

// The Bot Folk calls (docs/requirements/ai-demos.md#bot-folk), on the generation API base (VITE_GEN_API_URL).

/** The server answered 2xx with something that is not an individual (the page would have nothing to show). */
export class BotFolkAnswerError extends Error {
  constructor(readonly answer: unknown) {
    super('The Bot Folk answer is not an individual');
    this.name = 'BotFolkAnswerError';
  }
}

/** The individual with this DNA line, or a new one: what the /life page's loader reads. */
export const individualQuery = (dna?: string | null): IndividualQuery => (dna ? { dna } : {});

/** The API path of the individual with this DNA line, or of a new one. */
export const individualPath = (dna?: string | null): string => (dna ? `/pyface?${new URLSearchParams({ dna }).toString()}` : '/pyface');

async function individual(path: string, request: Parameters<typeof apiRequest>[1] = {}): Promise<BotFolkIndividual> {
  const { data } = await apiRequest<unknown>(path, { ...request, base: config.genApiUrl });
  // The schema (and zod) load with the first answer, not with the app's first script.
  const answer = (await import('./botfolk-answers')).readIndividual(data);
  if (answer === undefined) throw new BotFolkAnswerError(data);
  return answer;
}

export const botfolkApi = {
  /** A new individual from a fresh random seed. */
  random(): Promise<BotFolkIndividual> {
    return individual(individualPath());
  },

  /** Exactly the individual with this DNA line (the permalink). */
  fromDna(dna: string): Promise<BotFolkIndividual> {
    return individual(individualPath(dna));
  },

  /** A child of two DNA lines: each gene from one parent, with a few mutations. */
  offspring(parents: OffspringRequest): Promise<BotFolkIndividual> {
    return individual('/pyface/offspring', { method: 'POST', json: parents });
  },
};
