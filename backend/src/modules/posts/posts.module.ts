import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { MediaModule } from '../media/media.module';
import { UsersModule } from '../users/users.module';
import { FeedCache } from './feed-cache';
import { GuestSandboxPosts } from './guest-sandbox-posts.service';
import { MemberPosts } from './member-posts.service';
import { PostsController } from './posts.controller';
import { PostsRepository } from './posts.repository';
import { PostsService } from './posts.service';
import { SandboxPages } from './sandbox-pages';

@Module({
  imports: [UsersModule, MediaModule, RateLimitModule],
  controllers: [PostsController],
  providers: [PostsRepository, PostsService, FeedCache, SandboxPages, GuestSandboxPosts, MemberPosts],
  exports: [FeedCache, MemberPosts],
})
export class PostsModule {}
