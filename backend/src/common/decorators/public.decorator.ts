import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'atelier:isPublic';

/** Opts a route out of the global sign-in guard; every other route needs a member's token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
