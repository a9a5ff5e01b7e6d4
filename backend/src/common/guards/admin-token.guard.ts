import { createHash, timingSafeEqual } from 'node:crypto';
import { applyDecorators, CanActivate, ExecutionContext, Inject, Injectable, UseGuards } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import type { FastifyRequest as Request } from 'fastify';
import { RUNTIME_SECRETS } from '../../config/config.module';
import type { RuntimeSecrets } from '../../config/runtime-secrets';
import { Public } from '../decorators/public.decorator';
import { ApiErrors } from '../openapi/api-zod.decorators';
import { AppError } from '../errors/app-error';
import { AdminWriteLimit } from '../rate-limit/rate-limits';

// Hashing both sides first gives equal lengths, so the comparison time says nothing about the token.
const digest = (value: string) => createHash('sha256').update(value).digest();

/** The admin API (`/api/admin/*`) answers only to `Authorization: Bearer <ADMIN_TOKEN>`. */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(RUNTIME_SECRETS) secrets: RuntimeSecrets) {
    this.expected = digest(secrets.adminToken);
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<Request>().headers.authorization;
    const token = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
    if (!token) throw new AppError('UNAUTHORIZED', 'The admin API needs the admin token: Authorization: Bearer <ADMIN_TOKEN>');
    if (!timingSafeEqual(digest(token), this.expected)) throw new AppError('UNAUTHORIZED', 'The admin token is not valid');
    return true;
  }
}

/** For admin controllers: no member sign-in, the admin token instead. */
export const AdminOnly = () =>
  applyDecorators(Public(), UseGuards(AdminTokenGuard), AdminWriteLimit(), ApiBearerAuth('admin'), ApiErrors(401));
