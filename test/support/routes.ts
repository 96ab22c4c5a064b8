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

type Json = Record<string, any>;

/** The OpenAPI document the running app serves. */
export async function servedOpenApi(baseUrl: string): Promise<Json> {
  return (await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json()) as Json;
}

/** The HTTP methods an OpenAPI path item may hold an operation under (its other keys are not). */
const METHODS = ['get', 'post', 'patch', 'delete', 'put'];

/** Every operation of an OpenAPI document, and a URL path for it with each `{param}` as `x1`. */
export function* documentedOperations(
  doc: Json,
): Generator<{ path: string; method: string; op: Json; urlPath: string }> {
  for (const [path, item] of Object.entries<Json>(doc.paths))
    for (const method of METHODS)
      if (item[method])
        yield { path, method, op: item[method], urlPath: path.replace(/\{[^}]+\}/g, 'x1') };
}
