import type { ContactFields, ContactReceipt } from '@atelier/contracts';
import { config } from '../../config';
import { answerOf, api, baseUrlOf } from '../../store/api-client';

/** Sends a message to the site's owner; a refusal is an ApiError (field details, or 429 with Retry-After). */
export async function sendContactMessage(fields: ContactFields): Promise<ContactReceipt> {
  return (await answerOf(api.POST('/contact', { baseUrl: baseUrlOf(config.apiUrl), body: fields }))).data;
}
