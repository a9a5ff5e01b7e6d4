import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { AdminMessagesController } from './admin-messages.controller';
import { ContactMailer } from './contact-mailer';
import { MessagesController } from './messages.controller';
import { MessagesRepository } from './messages.repository';
import { MessagesService } from './messages.service';

/** Contact messages: the site's form for visitors, kept (and mailed with SMTP_URL) for the owner. */
@Module({
  imports: [RateLimitModule],
  controllers: [MessagesController, AdminMessagesController],
  providers: [MessagesRepository, MessagesService, ContactMailer],
})
export class MessagesModule {}
