import type { OpenAPIObject } from '@nestjs/swagger';
import {
  IDEMPOTENCY_KEY_MAX,
  NO_IDEMPOTENCY_KEY_EXTENSION,
  VISIBLE_ASCII,
} from '@companion/platform';

type Json = Record<string, any>;

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const WRITES = new Set<string>(['post', 'patch', 'delete']);

/** docs/idempotency.md: the header every authenticated write accepts, and what it can answer. */
const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same agent, key, method, path and body within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and writes nothing.',
  schema: {
    type: 'string',
    minLength: 1,
    maxLength: IDEMPOTENCY_KEY_MAX,
    pattern: VISIBLE_ASCII.source,
  },
};
const IDEMPOTENCY_ERRORS: Record<string, string> = {
  '409': 'idempotency_key_in_flight: a request with this Idempotency-Key is still being processed',
  '422': 'idempotency_key_reused: this Idempotency-Key was used for another method, path or body',
};

const GENERIC: Record<string, string> = {
  '400': 'Invalid request: the message names each refused field',
  '413': 'The body is larger than the limit',
  '414': 'A path parameter is longer than 200 characters',
  '415': 'The body must be application/json',
  '5XX': 'Internal error, or a store is unavailable (503); retry later',
};

/**
 * @nestjs/swagger writes OpenAPI 3.0 idioms; this turns them into 3.1 (JSON Schema 2020-12) and
 * adds what holds for every operation, so the controllers carry only what is particular to each:
 * - `nullable: true` becomes a `null` in the type (or a `oneOf` with `null` around a `$ref`);
 * - request bodies are closed (`additionalProperties: false`): the validation pipe refuses unknown fields;
 * - an operation without a key requirement says so (`security: []`);
 * - an authenticated write takes the optional `Idempotency-Key` header, with its 409 and 422
 *   (docs/idempotency.md), except where `@NoIdempotencyKey()` marks it exempt;
 * - every error response has the one `ErrorResponse` body; 400 where a body or a parameter is
 *   validated, 413 and 415 where a JSON body is read, 414 where a path has a parameter, and 5XX
 *   everywhere.
 */
export function toOpenApi31(document: OpenAPIObject): OpenAPIObject {
  const doc = JSON.parse(JSON.stringify(document)) as Json;
  const bodySchemas = new Set<string>();
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      op.security ??= [];
      if (WRITES.has(method) && op.security.length && !op[NO_IDEMPOTENCY_KEY_EXTENSION]) {
        op.parameters = [...(op.parameters ?? []), IDEMPOTENCY_KEY];
        for (const [status, description] of Object.entries(IDEMPOTENCY_ERRORS))
          op.responses[status] ??= { description, content: json_(ERROR_REF) };
      }
      delete op[NO_IDEMPOTENCY_KEY_EXTENSION];
      if (!op.parameters?.length) delete op.parameters;
      const json = op.requestBody?.content?.['application/json']?.schema;
      if (json?.$ref) bodySchemas.add(json.$ref.split('/').pop());
      const generic = [
        ...(op.requestBody ? ['400', '413', '415'] : []),
        ...(op.parameters?.length ? ['400'] : []),
        ...(path.includes('{') ? ['414'] : []),
        ...(path === '/api/health' ? [] : ['5XX']),
      ];
      for (const status of generic)
        op.responses[status] ??= { description: GENERIC[status], content: json_(ERROR_REF) };
    }
  }
  for (const name of bodySchemas) {
    const schema = doc.components.schemas[name];
    schema.additionalProperties ??= false;
  }
  walkSchemas(doc, toJsonSchema2020);
  return doc as OpenAPIObject;
}

const json_ = (schema: Json) => ({ 'application/json': { schema } });

/** 3.0's `nullable` in 3.1 terms; Nest's `allOf: [$ref]` wrapper (used to attach a description) too. */
function toJsonSchema2020(schema: Json): void {
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1 && schema.allOf[0].$ref) {
    schema.$ref = schema.allOf[0].$ref;
    delete schema.allOf;
  }
  if (schema.nullable !== true) {
    delete schema.nullable;
    return;
  }
  delete schema.nullable;
  if (schema.$ref) {
    schema.oneOf = [{ $ref: schema.$ref }, { type: 'null' }];
    delete schema.$ref;
    delete schema.type;
  } else if (typeof schema.type === 'string') {
    schema.type = [schema.type, 'null'];
    if (Array.isArray(schema.enum)) schema.enum = [...schema.enum, null];
  } else if (Array.isArray(schema.oneOf)) {
    schema.oneOf.push({ type: 'null' });
  }
}

/** Visits every schema object of the document (components, parameters, bodies, responses), depth first. */
function walkSchemas(doc: Json, visit: (schema: Json) => void): void {
  const seen = new Set<Json>();
  const schema = (s: unknown): void => {
    if (!s || typeof s !== 'object' || seen.has(s)) return;
    const node = s as Json;
    seen.add(node);
    for (const key of ['items', 'not', 'additionalProperties', 'contains']) schema(node[key]);
    for (const key of ['allOf', 'oneOf', 'anyOf', 'prefixItems'])
      if (Array.isArray(node[key])) node[key].forEach(schema);
    if (node.properties) Object.values(node.properties).forEach(schema);
    visit(node);
  };
  const content = (c: Json | undefined) =>
    c && Object.values<Json>(c).forEach((media) => schema(media.schema));
  Object.values(doc.components?.schemas ?? {}).forEach(schema);
  for (const item of Object.values<Json>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      (op.parameters ?? []).forEach((p: Json) => schema(p.schema));
      content(op.requestBody?.content);
      Object.values<Json>(op.responses ?? {}).forEach((r) => content(r.content));
    }
  }
}
