import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthenticatedMember } from '../../common/decorators/current-member.decorator';
import { RUNTIME_SECRETS } from '../../config/config.module';
import type { RuntimeSecrets } from '../../config/runtime-secrets';
import { ActiveMembersCache } from './active-members.cache';

interface TokenPayload {
  sub: string;
}

/**
 * Verifies signature and expiry, then that the member still exists and is not disabled (the owner's
 * removal or disabling signs out).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(RUNTIME_SECRETS) secrets: RuntimeSecrets,
    private readonly members: ActiveMembersCache,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject, made once: given a string, jsonwebtoken rebuilds a key object on every request.
      secretOrKey: createSecretKey(Buffer.from(secrets.jwtSecret)) as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: TokenPayload): Promise<AuthenticatedMember | false> {
    if (typeof payload.sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.sub)) return false;
    if (!(await this.members.isActive(payload.sub))) return false;
    return { id: payload.sub };
  }
}
