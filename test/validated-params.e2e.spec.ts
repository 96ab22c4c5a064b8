import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ApplicationConfig } from '@nestjs/core';
import { VALIDATION_PIPE } from '@companion/platform';
import { client, register, RunningApp, startApp } from './support/app';
import { documentedOperations, routeHandlers, servedOpenApi } from './support/routes';

type Json = Record<string, any>;

/**
 * The validation pipe sits on each parameter that takes a client's input (`@ValidBody()`,
 * `@ValidQuery()`, `@ValidParam()`), not on the application: a global pipe would also run on
 * `@CurrentAgent()` and `@IdempotencyScope()` on every request (docs/request-floor.md). These
 * tests fail for an input parameter without it, for a global pipe, and for a documented body or
 * query string that an unknown field gets through.
 */
describe('validation on every input parameter, and on nothing else', () => {
  let running: RunningApp;
  let doc: Json;

  beforeAll(async () => {
    running = await startApp();
    doc = await servedOpenApi(running.baseUrl);
  });
  afterAll(() => running.close());

  it("every body, query and path parameter of every route holds the platform's pipe; no pipe is global", () => {
    const input = [RouteParamtypes.BODY, RouteParamtypes.QUERY, RouteParamtypes.PARAM];
    const seen: string[] = [];
    for (const { type, name } of routeHandlers(running.app)) {
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, type, name) ?? {}) as Record<
        string,
        { pipes?: unknown[] }
      >;
      for (const [key, arg] of Object.entries(args)) {
        if (!input.includes(Number(key.split(':')[0]))) continue;
        seen.push(`${type.name}.${name} ${key}`);
        expect([`${type.name}.${name} ${key}`, arg.pipes]).toEqual([
          `${type.name}.${name} ${key}`,
          [VALIDATION_PIPE],
        ]);
      }
    }
    expect(seen.length).toBeGreaterThan(30);
    // Nest keeps the global pipes on the application's config, which it does not expose.
    const config = (running.app as unknown as { config: ApplicationConfig }).config;
    expect(config.getGlobalPipes()).toEqual([]);
  });

  it('every documented query string and body refuses an unknown field with a 400', async () => {
    const agent = await register(client(running.baseUrl));
    const checked: string[] = [];
    for (const { method, op, urlPath } of documentedOperations(doc)) {
      const query = op.parameters?.some((p: Json) => p.in === 'query');
      if (!query && !op.requestBody) continue;
      const url = `${running.baseUrl}${urlPath}${query ? '?notAField=1' : ''}`;
      const res = await fetch(url, {
        method: method.toUpperCase(),
        headers: {
          authorization: `Bearer ${agent.key}`,
          ...(op.requestBody ? { 'content-type': 'application/json' } : {}),
        },
        body: op.requestBody ? '{"notAField":1}' : undefined,
      });
      const body = (await res.json()) as Json;
      const said = JSON.stringify(body.message);
      expect([op.operationId, res.status, said.includes('notAField')]).toEqual([
        op.operationId,
        400,
        true,
      ]);
      checked.push(op.operationId);
    }
    expect(checked).toEqual(
      expect.arrayContaining(['registerAgent', 'swipe', 'discover', 'getPulse', 'getFeed']),
    );
  });
});
