import { Module } from '@nestjs/common';
import { ContentModule } from '../content/content.module';
import { PostsModule } from '../posts/posts.module';
import { UsersModule } from '../users/users.module';
import { AdminDemoController } from './demo.controller';
import { DemoService } from './demo.service';

/**
 * Removing the demo's fictional content (issue #39). A module of its own: content, members and their
 * posts belong to three modules, and only one above them all may ask each for its part.
 */
@Module({
  imports: [ContentModule, UsersModule, PostsModule],
  controllers: [AdminDemoController],
  providers: [DemoService],
})
export class DemoModule {}
