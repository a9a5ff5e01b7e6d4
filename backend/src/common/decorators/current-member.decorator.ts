import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** What the sign-in guard puts on the request: only the id, taken from the verified token. */
export interface AuthenticatedMember {
  id: string;
}

/** The acting member's id; never taken from the body or the URL. */
export const CurrentMemberId = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<{ user?: AuthenticatedMember }>();
  if (!request.user) throw new Error('CurrentMemberId used on a route without the sign-in guard');
  return request.user.id;
});
