import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Holds every response the end-to-end client sees to the served OpenAPI document: the status must
 * be one the operation documents, and a JSON body must validate against that response's schema.
 * Object schemas are checked closed here (a field the code writes but the document does not list
 * fails), while the document itself keeps response objects open for later additions.
 * A response to a path or method the document does not describe (a router 404) is not checked.
 */

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  responses: Json;
}

export class ContractViolation extends Error {}

class Contract {
  private readonly operations: Operation[] = [];
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });

  constructor(readonly document: Json) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: closed(document.components) });
    for (const [template, item] of Object.entries<Json>(document.paths))
      for (const method of METHODS) {
        if (!item[method]) continue;
        const params = (template.match(/\{/g) ?? []).length;
        const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
        this.operations.push({
          method,
          template,
          params,
          pattern: new RegExp(`^${source}$`),
          responses: item[method].responses,
        });
      }
    // `/agents/me` before `/agents/{id}`: the literal path wins, as in the router.
    this.operations.sort((a, b) => a.params - b.params);
  }

  check(method: string, url: string, status: number, contentType: string | null, body: unknown) {
    const path = new URL(url).pathname;
    const op = this.operations.find(
      (o) => o.method === method.toLowerCase() && o.pattern.test(path),
    );
    // 431 comes from Node's HTTP parser before any route runs: not an answer of an operation.
    if (!op || status === 431) return;
    const where = `${method} ${op.template} → ${status}`;
    const key = String(status) in op.responses ? String(status) : `${String(status)[0]}XX`;
    const response = op.responses[key];
    if (!response)
      throw new ContractViolation(
        `${where}: the OpenAPI document lists no ${status} for this operation (${JSON.stringify(body)})`,
      );
    const media = (contentType ?? '').split(';')[0].trim();
    const documented = response.content ?? {};
    if (!(media in documented))
      throw new ContractViolation(
        `${where}: answered ${media || 'no content type'}, the document says ${Object.keys(documented).join(', ') || 'no body'}`,
      );
    if (media !== 'application/json') return;
    const pointer = `${op.template}|${method}|${key}`;
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile(rebase(documented[media].schema));
      this.validators.set(pointer, validate);
    }
    if (!validate(body))
      throw new ContractViolation(
        `${where}: the body does not match the document: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 2000)}`,
      );
  }
}

/** `#/components/…` refs point into the schema registered as `openapi`. */
function rebase(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/'));
}

/** Every object schema with listed properties and no `additionalProperties` of its own, closed. */
function closed(components: Json): Json {
  const copy = JSON.parse(JSON.stringify(components)) as Json;
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const schema = node as Json;
    if (schema.properties && schema.additionalProperties === undefined)
      schema.additionalProperties = false;
    Object.values(schema).forEach(visit);
  };
  visit(copy.schemas);
  return copy;
}

const contracts = new Map<string, Promise<Contract>>();

/** The contract of the app at `baseUrl`, from the document it serves. */
export function contractOf(baseUrl: string): Promise<Contract> {
  let contract = contracts.get(baseUrl);
  if (!contract) {
    contract = fetch(`${baseUrl}/api/v1/openapi.json`)
      .then((res) => res.json() as Promise<Json>)
      .then((document: Json) => new Contract(document));
    contracts.set(baseUrl, contract);
  }
  return contract;
}
