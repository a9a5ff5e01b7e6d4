import { Controller, Get, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FriendSummary, Member } from '@atelier/contracts';
import { friendSummarySchema, memberSchema } from '@atelier/contracts/schemas';
import { z } from 'zod';
import { CurrentMember, type AuthenticatedMember } from '../../common/decorators/current-member.decorator';
import { ApiErrors, ApiMemberAuth, ApiZodResponse, ZodParams } from '../../common/openapi/api-zod.decorators';
import { uuidParam } from '../../common/validation/fields';
import { MemberWriteLimit } from '../../common/rate-limit/rate-limits';
import { UsersService } from './users.service';

const memberParams = z.object({ id: uuidParam('a member') });
const friendParams = z.object({ id: uuidParam('a member'), friendId: uuidParam('a member') });

@ApiTags('members')
@ApiMemberAuth()
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get(':id')
  @ApiZodResponse(200, memberSchema, { description: 'The member (with email when it is the signed-in member)' })
  @ApiErrors(404)
  profile(@ZodParams(memberParams) { id }: { id: string }, @CurrentMember() me: AuthenticatedMember): Promise<Member> {
    return this.users.profile(id, me);
  }

  @Get(':id/friends')
  @ApiZodResponse(200, z.array(friendSummarySchema), { description: "The member's friends" })
  @ApiErrors(404)
  friends(@ZodParams(memberParams) { id }: { id: string }, @CurrentMember() me: AuthenticatedMember): Promise<FriendSummary[]> {
    return this.users.friends(id, me);
  }

  /** Toggles a friendship; answers the member's friend list after the change. */
  @Patch(':id/:friendId')
  @MemberWriteLimit('friend changes')
  @ApiZodResponse(200, z.array(friendSummarySchema), { description: "The signed-in member's friends after the change" })
  @ApiErrors(403, 404)
  toggleFriend(
    @ZodParams(friendParams) { id, friendId }: { id: string; friendId: string },
    @CurrentMember() me: AuthenticatedMember,
  ): Promise<FriendSummary[]> {
    return this.users.toggleFriend(me, id, friendId);
  }
}
