import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { FIELD_MESSAGES, type LoginResponse, type Member } from '@atelier/contracts';
import { AppError } from '../../common/errors/app-error';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { isUniqueViolation } from '../../db/errors';
import { encodeUploadedImage } from '../media/image-upload';
import { MediaStore } from '../media/media-store.service';
import { GuestSandboxes } from '../users/guest-sandboxes.service';
import { UsersService } from '../users/users.service';
import type { LoginInput, RegisterInput } from './auth.schemas';
import { hashPassword, verifyPassword } from '../users/password-hasher';

const AVATAR_MAX_SIDE = 1024;

const emailTaken = () =>
  new AppError('CONFLICT', 'An account with this email already exists', [
    { field: 'email', message: FIELD_MESSAGES.emailTaken },
  ]);

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly members: UsersService,
    private readonly media: MediaStore,
    private readonly sandboxes: GuestSandboxes,
  ) {}

  /**
   * Everything that can refuse the registration (fields, email, picture) is checked before the
   * picture is stored; if the insert still fails, the stored picture is removed again.
   */
  async register(input: RegisterInput): Promise<Member> {
    if (await this.members.findByEmail(input.email)) throw emailTaken();
    const picture = await encodeUploadedImage(input.picture, 'picture', AVATAR_MAX_SIDE);
    const passwordHash = await hashPassword(input.password);
    const picturePath = await this.media.save('users', picture);
    try {
      return await this.members.register({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        passwordHash,
        location: input.location,
        occupation: input.occupation,
        picturePath,
      });
    } catch (error) {
      await this.media.remove('users', picturePath);
      throw isUniqueViolation(error) ? emailTaken() : error;
    }
  }

  /** One answer for an unknown email and a wrong password, in the same time. */
  async login(input: LoginInput, clientIp: string): Promise<LoginResponse> {
    const row = await this.members.findByEmail(input.email);
    if (row?.sandboxed) await this.sandboxes.assertRoomFor(clientIp);
    if (!(await verifyPassword(row?.passwordHash, input.password)) || !row) {
      throw new AppError('UNAUTHORIZED', 'The email or password is not correct');
    }
    // Said only to whoever knows the password, so nobody else learns which accounts are disabled.
    if (row.disabledAt) throw new AppError('FORBIDDEN', 'This account has been disabled by the site owner');
    if (row.sandboxed) return this.enterSandbox(row.id, clientIp);
    // `ver`: a later disable moves the member's version on, and this token stops counting.
    const token = await this.jwt.signAsync({ sub: row.id, ver: row.tokenVersion }, { expiresIn: this.config.jwtTtlSeconds });
    return { user: await this.members.member(row, true, null), token };
  }

  /**
   * The guest account signs each visitor into a sandbox of their own (users/guest-sandboxes.service.ts);
   * the token says so (`sbx`) and ends with the sandbox.
   */
  private async enterSandbox(templateId: string, clientIp: string): Promise<LoginResponse> {
    const sandbox = await this.sandboxes.open(templateId, clientIp);
    if (!sandbox?.sandboxExpiresAt) throw new AppError('UNAUTHORIZED', 'The email or password is not correct');
    const lifetimeSeconds = Math.floor((sandbox.sandboxExpiresAt.getTime() - Date.now()) / 1000);
    const token = await this.jwt.signAsync(
      { sub: sandbox.id, ver: sandbox.tokenVersion, sbx: true },
      { expiresIn: Math.min(this.config.jwtTtlSeconds, lifetimeSeconds) },
    );
    return { user: await this.members.member(sandbox, true, sandbox.id), token };
  }
}
