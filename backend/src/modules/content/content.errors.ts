import { AppError } from '../../common/errors/app-error';

/** Only a database whose seed has not run (or a test app) has no profile; PUT creates it. */
export const profileMissing = () => new AppError('NOT_FOUND', 'The site profile has not been set up yet (PUT /api/admin/content/site)');
