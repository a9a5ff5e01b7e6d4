import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { MediaModule } from '../media/media.module';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';
import { DemoMembersRepository } from './demo-members.repository';
import { DemoMembers } from './demo-members.service';
import { GuestSandboxesRepository } from './guest-sandboxes.repository';
import { GuestSandboxes } from './guest-sandboxes.service';
import { ImpressionsCounter } from './impressions.counter';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  imports: [MediaModule, RateLimitModule],
  controllers: [UsersController, AdminUsersController],
  providers: [UsersRepository, UsersService, ImpressionsCounter, AdminUsersService, GuestSandboxesRepository, GuestSandboxes, DemoMembersRepository, DemoMembers],
  exports: [UsersService, ImpressionsCounter, GuestSandboxes, DemoMembers],
})
export class UsersModule {}
