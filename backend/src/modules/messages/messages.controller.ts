import { Controller, Ip, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ContactReceipt } from '@atelier/contracts';
import { contactReceiptSchema } from '@atelier/contracts/schemas';
import { Public } from '../../common/decorators/public.decorator';
import { ApiZodResponse, ZodBody } from '../../common/openapi/api-zod.decorators';
import { ContactLimit } from '../../common/rate-limit/rate-limits';
import { contactBody, type ContactBody } from './messages.schemas';
import { MessagesService } from './messages.service';

/** The site's contact form: anyone may write to the owner. */
@ApiTags('contact')
@Public()
@Controller('contact')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Post()
  @ContactLimit() // per client address (CONTACT_MESSAGES_PER_IP_PER_HOUR)
  @ApiZodResponse(201, contactReceiptSchema, {
    description: 'The message is kept for the owner (and mailed to them when the site has SMTP_URL); `website` must be left empty',
  })
  send(@ZodBody(contactBody) body: ContactBody, @Ip() clientIp: string): Promise<ContactReceipt> {
    return this.messages.receive(body, clientIp);
  }
}
