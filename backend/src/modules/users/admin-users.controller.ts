import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AdminMember } from '@atelier/contracts';
import { AdminOnly } from '../../common/guards/admin-token.guard';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe';
import { adminMemberListQuery, type AdminMemberListQuery } from './admin-users.schemas';
import { AdminUsersService } from './admin-users.service';

/** Matrix Network members for the owner (`atelier users ...`): email included, password hash never. */
@ApiTags('admin: users')
@AdminOnly()
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly members: AdminUsersService) {}

  @Get()
  @ApiOkResponse({ description: 'Members, newest first; `q` searches names and email' })
  list(@Query(new ZodValidationPipe(adminMemberListQuery)) query: AdminMemberListQuery): Promise<AdminMember[]> {
    return this.members.list(query);
  }

  @Post('reset-guest')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The guest account as seeded, with its documented password, enabled (created again if removed)' })
  resetGuest(): Promise<AdminMember> {
    return this.members.resetGuest();
  }

  @Get(':idOrEmail')
  show(@Param('idOrEmail') idOrEmail: string): Promise<AdminMember> {
    return this.members.show(idOrEmail);
  }

  @Post(':idOrEmail/disable')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The member can no longer sign in, and the tokens they hold stop working' })
  disable(@Param('idOrEmail') idOrEmail: string): Promise<AdminMember> {
    return this.members.setDisabled(idOrEmail, true);
  }

  @Post(':idOrEmail/enable')
  @HttpCode(200)
  enable(@Param('idOrEmail') idOrEmail: string): Promise<AdminMember> {
    return this.members.setDisabled(idOrEmail, false);
  }
}
