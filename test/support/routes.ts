import { METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export interface RouteHandler {
  /** The controller class. */
  type: new (...args: never[]) => unknown;
  /** The handler's method name on it. */
  name: string;
  handler: (...args: never[]) => unknown;
}

/** Every route handler of every controller the running app registered. */
export function* routeHandlers(app: NestFastifyApplication): Generator<RouteHandler> {
  for (const module of app.get(ModulesContainer).values())
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as RouteHandler['type'] | null;
      if (!type) continue;
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (typeof handler === 'function' && Reflect.hasMetadata(METHOD_METADATA, handler))
          yield { type, name, handler: handler as RouteHandler['handler'] };
      }
    }
}
