import { Injectable } from '@nestjs/common';
import type { BotFolkIndividual } from '@atelier/contracts';
import type { OffspringBody, PyfaceQuery } from './botfolk.schemas';
import { individualFromDna, individualFromSeed, offspringOf, randomSeed } from './individual';

/** Bot Folk needs no storage: every individual is computed from its seed or DNA (validated by the schemas). */
@Injectable()
export class BotFolkService {
  individual(query: PyfaceQuery): BotFolkIndividual {
    if (query.dna !== undefined) return individualFromDna(query.dna);
    return individualFromSeed(query.seed ?? randomSeed());
  }

  offspring(body: OffspringBody): BotFolkIndividual {
    return offspringOf(body.parentA, body.parentB);
  }
}
