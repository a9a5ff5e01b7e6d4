import { Controller, Get, Param, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FriendSummary, Member } from '@atelier/contracts';
import { z } from 'zod';
import { CurrentMember, type AuthenticatedMember } from '../../common/decorators/current-member.decorator';
import { uuidParam } from '../../common/validation/fields';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe';
import { MemberWriteLimit } from '../../common/rate-limit/rate-limits';
import { UsersService } from './users.service';

const memberParams = z.object({ id: uuidParam('a member') });
const friendParams = z.object({ id: uuidParam('a member'), friendId: uuidParam('a member') });

@ApiTags('members')
@ApiBearerAuth()
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get(':id')
  profile(@Param(new ZodValidationPipe(memberParams)) { id }: { id: string }, @CurrentMember() me: AuthenticatedMember): Promise<Member> {
    return this.users.profile(id, me);
  }

  @Get(':id/friends')
  friends(@Param(new ZodValidationPipe(memberParams)) { id }: { id: string }, @CurrentMember() me: AuthenticatedMember): Promise<FriendSummary[]> {
    return this.users.friends(id, me);
  }

  /** Toggles a friendship; answers the member's friend list after the change. */
  @Patch(':id/:friendId')
  @MemberWriteLimit('friend changes')
  toggleFriend(
    @Param(new ZodValidationPipe(friendParams)) { id, friendId }: { id: string; friendId: string },
    @CurrentMember() me: AuthenticatedMember,
  ): Promise<FriendSummary[]> {
    return this.users.toggleFriend(me, id, friendId);
  }
}
