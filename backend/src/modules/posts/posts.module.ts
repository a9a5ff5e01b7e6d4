import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { MediaModule } from '../media/media.module';
import { UsersModule } from '../users/users.module';
import { FeedCache } from './feed-cache';
import { PostsController } from './posts.controller';
import { PostsRepository } from './posts.repository';
import { PostsService } from './posts.service';

@Module({
  imports: [UsersModule, MediaModule, RateLimitModule],
  controllers: [PostsController],
  providers: [PostsRepository, PostsService, FeedCache],
  exports: [FeedCache],
})
export class PostsModule {}
