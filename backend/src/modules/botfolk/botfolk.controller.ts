import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { BotFolkIndividual } from '@atelier/contracts';
import { botFolkIndividualSchema } from '@atelier/contracts/schemas';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { ApiZodResponse, ZodBody, ZodQuery } from '../../common/openapi/api-zod.decorators';
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
  @ApiZodResponse(200, botFolkIndividualSchema, { description: 'A new individual, or the one ?seed= or ?dna= names' })
  individual(
    @ZodQuery(pyfaceQuery) query: PyfaceQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): BotFolkIndividual {
    const named = query.seed !== undefined || query.dna !== undefined;
    reply.header('Cache-Control', named ? REPRODUCIBLE : 'no-store');
    return this.botfolk.individual(query);
  }

  // 200, not 201: the child is computed and answered, nothing is stored.
  @Post('offspring')
  @HttpCode(200)
  @ApiZodResponse(200, botFolkIndividualSchema, { description: 'A child of the two DNA lines: crossover of their genes, with mutations' })
  offspring(
    @ZodBody(offspringBody) body: OffspringBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): BotFolkIndividual {
    reply.header('Cache-Control', 'no-store');
    return this.botfolk.offspring(body);
  }
}
