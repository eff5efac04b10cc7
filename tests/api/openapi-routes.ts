import type { FastifyInstance } from 'fastify';

// The API's routes as its OpenAPI document (/api/docs/json) lists them, for the generated
// security tests (bad-input.generated.test.ts, authorization-table.test.ts): a route added
// to the app is in the document (api-docs.test.ts checks that), so it is probed without
// anyone listing it by hand.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  additionalProperties?: unknown;
};

type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: JsonSchema };
type Operation = {
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type ApiRoute = {
  /** 'POST /api/trade-requests/{id}/accept', the document's spelling: the key of every table. */
  key: string;
  method: string;
  /** '/api/trade-requests/{id}/accept' */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, if the route reads one. */
  body?: JsonSchema;
  /** The media types the body may have ('application/json', 'multipart/form-data'). */
  bodyTypes: string[];
  /** Needs the session cookie (memberOnly or adminOnly, or says so itself). */
  signedIn: boolean;
  /** adminOnly (declareSharedContract writes 'Administrators only.'). */
  adminOnly: boolean;
};

export async function apiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  return res.json() as OpenApiDocument;
}

/** A schema with its $ref followed (the document's components). */
export function resolved(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return resolved(doc, doc.components?.schemas?.[name]);
}

export function apiRoutes(doc: OpenApiDocument): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [lower, operation] of Object.entries(operations)) {
      const method = lower.toUpperCase();
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      routes.push({
        key: `${method} ${path}`,
        method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: resolved(doc, content['application/json']?.schema),
        bodyTypes: Object.keys(content),
        signedIn: Boolean(operation.security?.length),
        adminOnly: operation.description?.includes('Administrators only.') ?? false,
      });
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

/** '/api/trade-requests/{id}/accept' with {id: 7} -> '/api/trade-requests/7/accept' (values taken as they are). */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`${path}: no value for {${name}}`);
    return String(values[name]);
  });
}

/**
 * A value the schema accepts, simple and believable: the first enum value, the smallest
 * number allowed, a short word (or an address for an e-mail, a date for a date-time), every
 * required property. `idFor` names the row an id property should point at.
 */
export function sampleOf(
  schema: JsonSchema | undefined,
  name = '',
  idFor?: (name: string) => number | undefined,
): unknown {
  if (!schema) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return sampleOf(alternatives.find((s) => s.type !== 'null') ?? alternatives[0], name, idFor);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || property.type !== 'object') out[key] = sampleOf(property, key, idFor);
      }
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number': {
      if (/id$/i.test(name)) {
        const id = idFor?.(name);
        if (id !== undefined) return id;
      }
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return schema.exclusiveMinimum ? Math.max(min + 1, 1) : Math.max(min, Math.min(1, schema.maximum ?? 1));
    }
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'date-time') return '2030-01-01T12:00:00Z';
      if (schema.format === 'date') return '2030-01-01';
      if (/email/i.test(name)) return 'nobody.here@example.org';
      if (/url/i.test(name)) return null;
      const word = 'Harbour at dusk';
      return word.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? word.length);
    }
    default:
      // No type ({} in the document: a setting's JSON value, a free-form object).
      return schema.additionalProperties !== undefined ? {} : 'value';
  }
}
