import { Body, Controller, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { LoginResponse, Member } from '@atelier/contracts';
import { Public } from '../../common/decorators/public.decorator';
import { RateLimited } from '../../common/rate-limit/rate-limits';
import { parseInput } from '../../common/validation/zod-validation.pipe';
import type { UploadedPicture } from '../media/image-upload';
import { PictureUpload } from '../media/file-upload.interceptor';
import { loginSchema, registerSchema } from './auth.schemas';
import { AuthService } from './auth.service';

@ApiTags('auth')
@Public()
@RateLimited('auth') // per client IP, separately for each route (AUTH_RATE_LIMIT_PER_MINUTE)
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(PictureUpload('picture'))
  register(@Body() body: Record<string, unknown> | undefined, @UploadedFile() picture: UploadedPicture | undefined): Promise<Member> {
    // The file is validated with the fields, so one answer lists every problem of the form.
    return this.auth.register(parseInput(registerSchema, { ...body, picture }));
  }

  @Post('login')
  @HttpCode(200)
  @ApiBody({ schema: { properties: { email: { type: 'string' }, password: { type: 'string' } } } })
  login(@Body() body: unknown): Promise<LoginResponse> {
    return this.auth.login(parseInput(loginSchema, body));
  }
}
