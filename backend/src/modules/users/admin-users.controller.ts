import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AdminMember } from '@atelier/contracts';
import { adminMemberSchema } from '@atelier/contracts/schemas';
import { z } from 'zod';
import { ApiErrors, ApiZodResponse, ZodQuery } from '../../common/openapi/api-zod.decorators';
import { AdminOnly } from '../../common/guards/admin-token.guard';
import { adminMemberListQuery, type AdminMemberListQuery } from './admin-users.schemas';
import { AdminUsersService } from './admin-users.service';

/** Matrix Network members for the owner (`atelier users ...`): email included, password hash never. */
@ApiTags('admin: users')
@AdminOnly()
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly members: AdminUsersService) {}

  @Get()
  @ApiZodResponse(200, z.array(adminMemberSchema), { description: 'Members, newest first; `q` searches names and email' })
  list(@ZodQuery(adminMemberListQuery) query: AdminMemberListQuery): Promise<AdminMember[]> {
    return this.members.list(query);
  }

  @Post('reset-guest')
  @HttpCode(200)
  @ApiZodResponse(200, adminMemberSchema, { description: 'The guest account as seeded, with its documented password, enabled (created again if removed)' })
  resetGuest(): Promise<AdminMember> {
    return this.members.resetGuest();
  }

  @Get(':idOrEmail')
  @ApiZodResponse(200, adminMemberSchema, { description: 'The member with that id or email' })
  @ApiErrors(404)
  show(@Param('idOrEmail') idOrEmail: string): Promise<AdminMember> {
    return this.members.show(idOrEmail);
  }

  @Post(':idOrEmail/disable')
  @HttpCode(200)
  @ApiZodResponse(200, adminMemberSchema, { description: 'The member can no longer sign in, and the tokens they hold stop working' })
  @ApiErrors(404)
  disable(@Param('idOrEmail') idOrEmail: string): Promise<AdminMember> {
    return this.members.setDisabled(idOrEmail, true);
  }

  @Post(':idOrEmail/enable')
  @HttpCode(200)
  @ApiZodResponse(200, adminMemberSchema, { description: 'The member may sign in again' })
  @ApiErrors(404)
  enable(@Param('idOrEmail') idOrEmail: string): Promise<AdminMember> {
    return this.members.setDisabled(idOrEmail, false);
  }
}
