import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ApiError, MalformedBodyError, ValidationError } from '../../domain/errors.ts';
import { type PipelineMiddleware, type PipelineRequest, present } from './internal.ts';

export interface RequestBodyOptions {
  /** Content types a form body may arrive as (routes with `bodyType: 'form'`, the OAuth token endpoint). */
  formContentType: RegExp;
  /** Passed to JSON.parse through middy's parser. */
  reviver: ((key: string, value: unknown) => unknown) | undefined;
}

const defaults: RequestBodyOptions = {
  formContentType: /^application\/x-www-form-urlencoded\b/i,
  reviver: undefined,
};

function parseFormBody(body: string): Record<string, string> {
  const form = new URLSearchParams(body);
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    // RFC 6749 section 3.2: parameters must not be repeated.
    if (key in values)
      throw new ValidationError(`The parameter ${key} is repeated.`, [{ path: key, message: 'repeated' }]);
    values[key] = value;
  }
  return values;
}

/**
 * The raw bytes of a file upload: API Gateway passes a body of its binary media types base64-encoded.
 * Another media type is 415 (in AWS it would arrive as mangled text); an empty body is empty bytes, for
 * the operation to refuse.
 */
function binaryBody(event: APIGatewayProxyEvent, mediaTypes: readonly string[]): Uint8Array {
  const contentType = (event.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!mediaTypes.includes(contentType)) {
    throw new ApiError('UnsupportedMediaType', `Send the file itself as ${mediaTypes.join(', ')}.`, {
      details: { accepted_media_types: [...mediaTypes] },
    });
  }
  if (!event.body) return new Uint8Array(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

/**
 * JSON through middy's parser (400 for malformed JSON, 415 for another media type); forms for OAuth.
 * The parsed body goes to `internal.body`; a route that declares no body keeps the raw one there.
 */
export function requestBody(options: Partial<RequestBodyOptions> = {}): PipelineMiddleware {
  const { formContentType, reviver } = { ...defaults, ...options };
  const jsonParser = httpJsonBodyParser<APIGatewayProxyEvent>(reviver ? { reviver } : {});

  const parseJson = async (request: PipelineRequest): Promise<unknown> => {
    // middy's parser writes the parsed body into the event it is given: a copy, the event stays as sent.
    const parsing = { ...request, event: { ...request.event } };
    try {
      await jsonParser.before?.(parsing);
    } catch (error) {
      const status = error instanceof Error && 'statusCode' in error ? error.statusCode : undefined;
      if (status === 415) throw new ApiError('UnsupportedMediaType', 'Send the body as application/json.');
      throw new MalformedBodyError('The request body is not valid JSON.', { cause: error });
    }
    return parsing.event.body;
  };

  const requestBodyBefore = async (request: PipelineRequest): Promise<void> => {
    const { event, internal } = request;
    const route = present(internal.route, 'route (requestContext)');
    if (!route.request?.body) {
      internal.body = event.body;
      return;
    }
    if (route.request.bodyType === 'binary') {
      internal.body = binaryBody(event, route.request.mediaTypes ?? []);
      return;
    }
    if (!event.body) {
      internal.body = undefined;
      return;
    }
    if (route.request.bodyType === 'form') {
      if (!formContentType.test(event.headers['content-type'] ?? '')) {
        throw new ApiError(
          'UnsupportedMediaType',
          'Send the parameters as application/x-www-form-urlencoded.',
        );
      }
      const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
      internal.body = parseFormBody(raw);
      return;
    }
    internal.body = await parseJson(request);
  };

  return { before: requestBodyBefore };
}
