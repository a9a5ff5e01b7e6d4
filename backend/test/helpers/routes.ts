import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { IS_PUBLIC } from '../../src/common/decorators/public.decorator';
import { AdminTokenGuard } from '../../src/common/guards/admin-token.guard';
import type { TestApp } from './test-app';

export type Access = 'public' | 'member' | 'admin';

export interface Route {
  method: string;
  path: string;
  access: Access;
}

/** A route with the controller class and handler it runs, whose metadata says more about it. */
export interface RouteHandler extends Route {
  controller: new (...args: never[]) => unknown;
  handler: (...args: unknown[]) => unknown;
}

/**
 * Every route the app has, read from its controllers' metadata (not listed by hand), with who may
 * call it; parameters stay as `:name`.
 */
export function routesOf(t: TestApp): Route[] {
  return routeHandlersOf(t).map(({ method, path, access }) => ({ method, path, access }));
}

/** As routesOf, each with its controller and handler. */
export function routeHandlersOf(t: TestApp): RouteHandler[] {
  const routes: RouteHandler[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const guards = [...(Reflect.getMetadata(GUARDS_METADATA, controller) ?? []), ...(Reflect.getMetadata(GUARDS_METADATA, handler) ?? [])];
        const isPublic = Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, controller);
        const access: Access = guards.includes(AdminTokenGuard) ? 'admin' : isPublic ? 'public' : 'member';
        const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        const path = `/api/${[base, sub].filter((part) => part && part !== '/').join('/')}`.replace(/\/+/g, '/');
        routes.push({ method: RequestMethod[method].toLowerCase(), path, access, controller, handler: handler as RouteHandler['handler'] });
      }
    }
  }
  return routes;
}

/** How a route is named in expectations and failure messages: `PATCH /api/posts/:id`. */
export function routeName(route: Route): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}

/** The route's `:name` parameters, in path order. */
export function parameterNames(route: Route): string[] {
  return [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
}

/** The route's path with each `:name` replaced by `valueOf(name)`. */
export function fillParameters(route: Route, valueOf: (name: string) => string): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) => valueOf(name));
}
