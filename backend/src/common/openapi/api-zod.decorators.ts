import { applyDecorators, Body, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiParam, ApiQuery, ApiResponse, type ApiResponseOptions, type HeadersObject } from '@nestjs/swagger';
import type { ErrorCode } from '@atelier/contracts';
import { errorBodySchema } from '@atelier/contracts/schemas';
import { z } from 'zod';
import { STATUS_BY_CODE } from '../errors/app-error';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { ERROR_RESPONSE, zodSchemaObject } from './zod-json-schema';

// One schema per request, used twice: to validate (ZodValidationPipe) and to describe the route in the
// OpenAPI document. `@ZodBody(schema)` replaces `@Body(new ZodValidationPipe(schema))`, so what the
// document says a route takes cannot drift from what the route accepts.

type ObjectSchema = z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>;

/** Applies method decorators from a parameter's decorator (Swagger keeps its metadata on the method). */
function describedParameter(validate: ParameterDecorator, ...describe: MethodDecorator[]): ParameterDecorator {
  return (target, key, index) => {
    validate(target, key, index);
    if (key === undefined) throw new Error('Zod request decorators belong on route handlers');
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (!descriptor) throw new Error(`No method ${String(key)} to describe`);
    for (const decorator of describe) decorator(target, key, descriptor);
  };
}

/** The object's fields as a client sends them: query and path parameters are each one field. */
function fieldsOf(schema: ObjectSchema): Array<[string, z.ZodType]> {
  const object = schema instanceof z.ZodPipe ? schema.in : schema;
  return Object.entries(object.shape as Record<string, z.ZodType>);
}

/** Absent is fine when the schema accepts it (optional, or with a default). */
const mayBeAbsent = (schema: z.ZodType) => schema.safeParse(undefined).success;

/** The request body, validated by `schema`; documented as JSON. */
export const ZodBody = (schema: z.ZodType): ParameterDecorator =>
  describedParameter(
    Body(new ZodValidationPipe(schema)),
    // An absent body is parsed as {} (parseInput), so a body whose fields are all optional may be left out.
    ApiBody({ schema: zodSchemaObject(schema, 'input'), required: !schema.safeParse({}).success }),
    ApiErrors(400, 413, 415),
  );

/** The query string, validated by `schema` (an object: each field is one parameter). */
export const ZodQuery = (schema: ObjectSchema): ParameterDecorator =>
  describedParameter(
    Query(new ZodValidationPipe(schema)),
    ...fieldsOf(schema).map(([name, field]) => ApiQuery({ name, required: !mayBeAbsent(field), schema: zodSchemaObject(field, 'input') })),
    ApiErrors(400),
  );

/** The path parameters, validated by `schema` (an object with one field per `:name`). */
export const ZodParams = (schema: ObjectSchema): ParameterDecorator =>
  describedParameter(
    Param(new ZodValidationPipe(schema)),
    ...fieldsOf(schema).map(([name, field]) => ApiParam({ name, required: true, schema: zodSchemaObject(field, 'input') })),
    ApiErrors(400),
  );

/**
 * Path parameters a handler reads as text and checks itself (a job id that is simply not found, an
 * example's page and position): `schema` says what they may be, for the document only.
 */
export const ApiZodParams = (schema: ObjectSchema): MethodDecorator =>
  applyDecorators(...fieldsOf(schema).map(([name, field]) => ApiParam({ name, required: true, schema: zodSchemaObject(field, 'input') })));

/** Whether each file field of a form must be sent. */
export type FormFiles = Record<string, 'required' | 'optional'>;

/**
 * A multipart/form-data body: the text fields of `schema` (the one the handler parses them with) and
 * the files, as binary fields. A file the schema itself names (validated with the fields) is described
 * as a file, not as what it parses to.
 */
export const ApiZodMultipart = (schema: z.ZodObject, files: FormFiles): MethodDecorator =>
  applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      required: true,
      schema: zodSchemaObject(schema, 'input', (json) => {
        const properties = (json.properties ?? {}) as Record<string, unknown>;
        const required = new Set((json.required ?? []) as string[]);
        for (const [field, need] of Object.entries(files)) {
          properties[field] = { type: 'string', format: 'binary' };
          if (need === 'required') required.add(field);
          else required.delete(field);
        }
        json.properties = properties;
        json.required = [...required];
      }),
    }),
    ApiErrors(400, 413, 415),
  );

export interface ZodResponseOptions {
  description?: string;
  headers?: HeadersObject;
}

/** A handler whose answer `schema` describes: it returns (or resolves to) the schema's type. */
type Answering<S extends z.ZodType> = (...args: never[]) => z.output<S> | Promise<z.output<S>>;

/**
 * A JSON answer of `status`, shaped by `schema` (a contracts schema). The handler must return the
 * schema's type, so a handler and its documented answer cannot part without a compile error.
 */
export function ApiZodResponse<S extends z.ZodType>(status: number, schema: S, options: ZodResponseOptions = {}) {
  const describe = ApiZodResponseUnchecked(status, schema, options);
  return <H extends Answering<S>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>): void => {
    describe(target, key, descriptor);
  };
}

/**
 * As ApiZodResponse, where the compiler cannot tie the handler to the schema: a handler that sends its
 * answer through the reply (@Res()), or one generic over several shapes (the admin content collections).
 */
export const ApiZodResponseUnchecked = (status: number, schema: z.ZodType, { description = '', headers }: ZodResponseOptions = {}): MethodDecorator =>
  ApiResponse({ status, description, headers, schema: zodSchemaObject(schema, 'output') });

/** An answer of bytes (a picture), in one of `types`; the route's errors stay JSON. */
export const ApiBinaryResponse = (status: number, types: string[], description: string): MethodDecorator =>
  ApiResponse({ status, description, content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) });

/** The header every list with a next page carries (X-Next-Cursor). */
export const nextCursorHeader = (what: string): HeadersObject => ({
  'X-Next-Cursor': { description: `The cursor of the next ${what} (send it as ?cursor=); absent on the last one`, schema: { type: 'string' } },
});

const WHEN: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'the request breaks a rule: `details` names each field and what is wrong with it',
  UNAUTHORIZED: 'no valid token: sign in, or send the admin token',
  FORBIDDEN: 'the token is valid but may not do this',
  NOT_FOUND: 'nothing has that id (or name)',
  CONFLICT: 'it clashes with what exists (a name taken, a job already finished)',
  PAYLOAD_TOO_LARGE: 'the body or a file is larger than the limit',
  UNSUPPORTED_MEDIA_TYPE: 'the body or a file is not of an accepted type',
  RATE_LIMITED: 'too many requests: wait as long as Retry-After says',
  SERVICE_UNAVAILABLE: 'something it needs does not answer now; try again shortly',
  INTERNAL: 'an unexpected failure, logged with the request id',
};

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

const codeOf = (status: ErrorStatus) => (Object.keys(STATUS_BY_CODE) as ErrorCode[]).find((code) => STATUS_BY_CODE[code] === status)!;

function errorResponse(status: ErrorStatus): ApiResponseOptions {
  const code = codeOf(status);
  const headers: HeadersObject | undefined =
    status === 429 || status === 503 ? { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } } : undefined;
  // Marked so the document says each error once, as a shared response (see shareErrorResponses).
  const schema = { ...zodSchemaObject(errorBodySchema, 'output'), [ERROR_RESPONSE]: code };
  return { status, description: `${code}: ${WHEN[code]}`, headers, schema };
}

/**
 * The API's error answers a route (or every route of a controller) can give, each the one error body
 * `{ statusCode, code, message, details? }`. Input decorators add 400 (and 413, 415 for bodies) themselves.
 */
export const ApiErrors = (...statuses: ErrorStatus[]): MethodDecorator & ClassDecorator =>
  applyDecorators(...statuses.map((status) => ApiResponse(errorResponse(status)))) as MethodDecorator & ClassDecorator;

/** A member's route: their bearer token (from sign-in), without which it answers 401. */
export const ApiMemberAuth = (): ClassDecorator => applyDecorators(ApiBearerAuth(), ApiErrors(401));
