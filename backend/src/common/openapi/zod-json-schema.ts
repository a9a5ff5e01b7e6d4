import type { OpenAPIObject, OperationObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/**
 * Zod schemas in the OpenAPI document. The decorators (api-zod.decorators.ts) put a placeholder where
 * a schema goes; `resolveZodSchemas` turns each into JSON Schema with zod's own `z.toJSONSchema`
 * (OpenAPI 3.0 target) when the document is built, which is only when /api/docs is first asked for:
 * booting the API converts nothing. Schemas named with `.meta({ id })` (the contracts' answers)
 * become `#/components/schemas/<id>`, so the document says `Member` once and refers to it.
 */

/** What a schema describes: a request (its input, before defaults and transforms) or an answer (its output). */
export type SchemaSide = 'input' | 'output';

type JsonSchema = Record<string, unknown>;

interface Pending {
  schema: z.ZodType;
  side: SchemaSide;
  /** Changes to the converted schema (a multipart form's file fields). */
  adjust?: (json: JsonSchema) => void;
}

const PLACEHOLDER = 'x-zod-schema';
const pending: Pending[] = [];

/** Where `schema` goes in a Swagger decorator's options; replaced by its JSON Schema when the document is built. */
export function zodSchemaObject(schema: z.ZodType, side: SchemaSide, adjust?: Pending['adjust']): SchemaObject {
  pending.push({ schema, side, adjust });
  return { [PLACEHOLDER]: pending.length - 1 } as SchemaObject; // not a schema yet: resolveZodSchemas makes it one
}

/** Named schemas keep their name for answers; a request's version of one (if ever) is `<id>Input`. */
const componentName = (id: string, side: SchemaSide) => (side === 'output' ? id : `${id}Input`);

/**
 * Two touches to zod's output, for readers and generated clients: a record keyed by an enum
 * (`Record<JobStatus, number>`) has every key, which JSON Schema says with properties (named fields
 * rather than an open map); z.int()'s safe-integer bounds go without saying.
 */
function readable({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  if (jsonSchema.type === 'integer') {
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  }
  if (!(zodSchema instanceof z.ZodRecord) || !(zodSchema.keyType instanceof z.ZodEnum)) return;
  const keys = zodSchema.keyType.options as string[];
  jsonSchema.properties = Object.fromEntries(keys.map((key) => [key, jsonSchema.additionalProperties]));
  jsonSchema.required = keys;
  jsonSchema.additionalProperties = false;
}

function toJsonSchema({ schema, side, adjust }: Pending, components: Record<string, JsonSchema>): JsonSchema {
  const { definitions = {}, ...json } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: side,
    // Uploaded files are z.custom: the multipart decorator describes them as binary fields instead.
    unrepresentable: 'any',
    override: readable as never,
  }) as JsonSchema & { definitions?: Record<string, JsonSchema> };
  delete json.$schema;
  adjust?.(json);
  const refersToComponents = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replace(/"#\/definitions\/([^"]+)"/g, (_match, id: string) => `"#/components/schemas/${componentName(id, side)}"`)) as JsonSchema;
  for (const [id, definition] of Object.entries(definitions)) {
    const name = componentName(id, side);
    const converted = refersToComponents(definition);
    if (components[name] && JSON.stringify(components[name]) !== JSON.stringify(converted)) {
      throw new Error(`Two different zod schemas are named ${id} in the OpenAPI document`);
    }
    components[name] = converted;
  }
  return refersToComponents(json);
}

/** Marks an error answer's schema with its code: the document keeps one response per code (see shareErrorResponses). */
export const ERROR_RESPONSE = 'x-error-response';

/** Replaces every placeholder in the document with its JSON Schema and adds the named ones as components. */
function resolveZodSchemas(document: OpenAPIObject): OpenAPIObject {
  const components: Record<string, JsonSchema> = {};
  const converted = new Map<number, JsonSchema>();
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (typeof value !== 'object' || value === null) return value;
    const index = (value as JsonSchema)[PLACEHOLDER];
    if (typeof index === 'number') {
      if (!converted.has(index)) converted.set(index, toJsonSchema(pending[index], components));
      return converted.get(index);
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
  };
  const resolved = resolve(document) as OpenAPIObject;
  const sorted = Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
  return { ...resolved, components: { ...resolved.components, schemas: { ...resolved.components?.schemas, ...sorted } } };
}

/**
 * Each error answer (`NOT_FOUND`: the error body, and what it means) is written once, under
 * components.responses, and every route refers to it: the document and the client generated from it
 * stay a fraction of the size.
 */
function shareErrorResponses(document: OpenAPIObject): OpenAPIObject {
  const shared: Record<string, ResponseObject> = {};
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as Array<OperationObject | undefined>) {
      if (typeof operation !== 'object' || !operation?.responses) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = (response as ResponseObject).content?.['application/json']?.schema as Record<string, unknown> | undefined;
        const code = schema?.[ERROR_RESPONSE];
        if (typeof code !== 'string') continue; // the placeholder, marker and all, becomes the error body's $ref
        shared[code] = response as ResponseObject;
        operation.responses[status] = { $ref: `#/components/responses/${code}` };
      }
    }
  }
  return { ...document, components: { ...document.components, responses: { ...document.components?.responses, ...shared } } };
}

/** The document Nest made from the decorators, with the zod schemas converted and the error answers shared. */
export const completeApiDocument = (document: OpenAPIObject): OpenAPIObject => resolveZodSchemas(shareErrorResponses(document));
