import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { BotFolkIndividual } from '@atelier/contracts';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe';
import { offspringBody, pyfaceQuery, type OffspringBody, type PyfaceQuery } from './botfolk.schemas';
import { BotFolkService } from './botfolk.service';

/** An individual named by seed or DNA never changes, so caches may keep it; a new one must not be. */
const REPRODUCIBLE = 'public, max-age=86400, immutable';

@ApiTags('botfolk')
@Public()
@Controller('pyface')
export class BotFolkController {
  constructor(private readonly botfolk: BotFolkService) {}

  @Get()
  @ApiOkResponse({ description: 'A new individual, or the one ?seed= or ?dna= names' })
  individual(
    @Query(new ZodValidationPipe(pyfaceQuery)) query: PyfaceQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): BotFolkIndividual {
    const named = query.seed !== undefined || query.dna !== undefined;
    reply.header('Cache-Control', named ? REPRODUCIBLE : 'no-store');
    return this.botfolk.individual(query);
  }

  // 200, not 201: the child is computed and answered, nothing is stored.
  @Post('offspring')
  @HttpCode(200)
  @ApiOkResponse({ description: 'A child of the two DNA lines: crossover of their genes, with mutations' })
  offspring(
    @Body(new ZodValidationPipe(offspringBody)) body: OffspringBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): BotFolkIndividual {
    reply.header('Cache-Control', 'no-store');
    return this.botfolk.offspring(body);
  }
}
