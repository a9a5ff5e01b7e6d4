import { Body, Controller, HttpCode, Ip, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { LoginResponse, Member } from '@atelier/contracts';
import { loginResponseSchema, memberSchema } from '@atelier/contracts/schemas';
import { Public } from '../../common/decorators/public.decorator';
import { ApiErrors, ApiZodMultipart, ApiZodResponse, ZodBody } from '../../common/openapi/api-zod.decorators';
import { RateLimited } from '../../common/rate-limit/rate-limits';
import { parseInput } from '../../common/validation/zod-validation.pipe';
import type { UploadedPicture } from '../media/image-upload';
import { PictureUpload } from '../media/file-upload.interceptor';
import { loginSchema, registerSchema, type LoginInput } from './auth.schemas';
import { AuthService } from './auth.service';

@ApiTags('auth')
@Public()
@RateLimited('auth') // per client IP, separately for each route (AUTH_RATE_LIMIT_PER_MINUTE)
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @ApiZodMultipart(registerSchema, { picture: 'required' })
  @ApiZodResponse(201, memberSchema, { description: 'The new member (sign in to get a token)' })
  @ApiErrors(409)
  @UseInterceptors(PictureUpload('picture'))
  register(@Body() body: Record<string, unknown> | undefined, @UploadedFile() picture: UploadedPicture | undefined): Promise<Member> {
    // The file is validated with the fields, so one answer lists every problem of the form.
    return this.auth.register(parseInput(registerSchema, { ...body, picture }));
  }

  @Post('login')
  @HttpCode(200)
  @ApiZodResponse(200, loginResponseSchema, { description: 'The member and their bearer token' })
  @ApiErrors(401, 403)
  login(@ZodBody(loginSchema) body: LoginInput, @Ip() clientIp: string): Promise<LoginResponse> {
    // The guest's sign-ins open sandboxes, capped per client address (GUEST_SANDBOXES_PER_IP_PER_HOUR).
    return this.auth.login(body, clientIp);
  }
}
