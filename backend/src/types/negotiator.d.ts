// negotiator 0.6.4, the version `compression` negotiates with. @types/negotiator describes 1.x,
// whose encoding() lacks the `preferred` list compression passes.
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';

  class Negotiator {
    constructor(request: IncomingMessage);
    encoding(available: readonly string[], preferred?: readonly string[]): string | undefined;
  }
  export = Negotiator;
}
