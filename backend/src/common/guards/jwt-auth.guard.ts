import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { AppError } from '../errors/app-error';
import { IS_PUBLIC } from '../decorators/public.decorator';

/** Registered globally: a route is members-only unless it says @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    return isPublic ? true : super.canActivate(context);
  }

  // passport-jwt reports why a token failed in `info`; every case is a 401, with a message that helps.
  override handleRequest<TUser>(error: unknown, user: TUser | false, info: unknown): TUser {
    if (user && !error) return user;
    if (error instanceof AppError) throw error;
    const reason = info instanceof Error ? info.name : undefined;
    if (reason === 'TokenExpiredError') throw new AppError('UNAUTHORIZED', 'The session has expired; sign in again');
    if (info instanceof Error && /no auth token/i.test(info.message)) {
      throw new AppError('UNAUTHORIZED', 'Sign in to do this: the request has no bearer token');
    }
    if (reason) throw new AppError('UNAUTHORIZED', 'The bearer token is not valid; sign in again');
    throw new AppError('UNAUTHORIZED', 'The account of this token no longer exists');
  }
}
