import type { NextFunction, Request, Response } from 'express';

// The spec's original client talked to two bases, /express and /fastapi; both stay valid aliases of /api.
const ALIAS = /^\/(express|fastapi)(?=\/|$|\?)/;

export function apiAliases(request: Request, _response: Response, next: NextFunction): void {
  if (ALIAS.test(request.url)) request.url = request.url.replace(ALIAS, '/api');
  next();
}
