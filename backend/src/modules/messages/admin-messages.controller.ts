import { Controller, Delete, Get, HttpCode } from '@nestjs/common';
import { ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import type { ContactMessage } from '@atelier/contracts';
import { contactMessageSchema } from '@atelier/contracts/schemas';
import { z } from 'zod';
import { AdminOnly } from '../../common/guards/admin-token.guard';
import { ApiErrors, ApiZodResponse, ZodParams, ZodQuery } from '../../common/openapi/api-zod.decorators';
import { adminMessageListQuery, messageIdParams, type AdminMessageListQuery } from './messages.schemas';
import { MessagesService } from './messages.service';

/** Visitors' contact messages, for the owner (`atelier messages ...`). */
@ApiTags('admin: messages')
@AdminOnly()
@Controller('admin/messages')
export class AdminMessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get()
  @ApiZodResponse(200, z.array(contactMessageSchema), { description: 'Messages, newest first, each saying whether it was read and what became of its mail' })
  list(@ZodQuery(adminMessageListQuery) query: AdminMessageListQuery): Promise<ContactMessage[]> {
    return this.messages.list(query);
  }

  @Get(':id')
  @ApiZodResponse(200, contactMessageSchema, { description: 'The message, now marked read' })
  @ApiErrors(404)
  show(@ZodParams(messageIdParams) { id }: { id: string }): Promise<ContactMessage> {
    return this.messages.open(id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiErrors(404)
  remove(@ZodParams(messageIdParams) { id }: { id: string }): Promise<void> {
    return this.messages.remove(id);
  }
}
