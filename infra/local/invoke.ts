import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InvocableFunction } from '../../shared/config/env.ts';
import { invokedWorkers, workers } from '../functions.ts';
import { type FunctionModules, lambdaContext, localFunctionName } from './functions.ts';

/** Lambda's limit on a synchronous invocation's payload. */
const maxPayloadBytes = 6 * 1024 * 1024;
const invokePath = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export interface InvokeListener {
  /** The endpoint a Lambda client is given (LAMBDA_ENDPOINT). */
  url: string;
  close(): Promise<void>;
}

/**
 * Lambda's Invoke API (`POST /2015-03-31/functions/{FunctionName}/invocations`, RequestResponse only)
 * on loopback, for the registry's invoked workers: their handlers run in this process, as the other
 * workers do. Answers as Lambda does: the handler's result; a thrown error as 200 with
 * X-Amz-Function-Error: Unhandled; an unknown function as 404 ResourceNotFoundException.
 */
export async function startInvokeListener(options: {
  functions: FunctionModules;
  region: string;
  port?: number;
}): Promise<InvokeListener> {
  const byName = new Map<string, InvocableFunction>(
    invokedWorkers.map((name) => [localFunctionName(name), name]),
  );
  const server = createServer((request, response) => {
    invoke(request, response, byName, options).catch((error: unknown) =>
      answerError(response, 500, 'ServiceException', (error as Error).message),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function invoke(
  request: IncomingMessage,
  response: ServerResponse,
  byName: ReadonlyMap<string, InvocableFunction>,
  { functions, region }: { functions: FunctionModules; region: string },
): Promise<void> {
  const match = invokePath.exec(new URL(request.url ?? '/', 'http://localhost').pathname);
  if (request.method !== 'POST' || !match) {
    answerError(response, 404, 'UnknownOperationException', `No operation ${request.method} ${request.url}`);
    return;
  }
  // A name or an ARN, as Lambda accepts either.
  const requested = decodeURIComponent(match[1] ?? '');
  const functionName = requested.replace(/^arn:aws:lambda:[^:]+:\d{12}:function:/, '');
  const worker = byName.get(functionName);
  if (!worker) {
    answerError(
      response,
      404,
      'ResourceNotFoundException',
      `Function not found: arn:aws:lambda:${region}:000000000000:function:${functionName}`,
    );
    return;
  }
  const invocationType = request.headers['x-amz-invocation-type'] ?? 'RequestResponse';
  if (invocationType !== 'RequestResponse') {
    answerError(
      response,
      400,
      'InvalidParameterValueException',
      `${invocationType} is not supported locally`,
    );
    return;
  }
  const body = await readBody(request);
  if (body === undefined) {
    answerError(response, 413, 'RequestTooLargeException', 'Request must be smaller than 6291456 bytes');
    return;
  }
  let event: unknown;
  try {
    event = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
  } catch {
    answerError(response, 400, 'InvalidRequestContentException', 'Could not parse request body into json');
    return;
  }
  const handler = await functions.handler<unknown, unknown>(worker);
  const timeoutMs = (workers[worker].timeoutSeconds ?? 30) * 1000;
  const headers = { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST' };
  try {
    const result = await handler(event, lambdaContext(worker, timeoutMs, region));
    response.writeHead(200, headers).end(JSON.stringify(result ?? null));
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    response
      .writeHead(200, { ...headers, 'x-amz-function-error': 'Unhandled' })
      .end(JSON.stringify({ errorType: name, errorMessage: message, trace: [] }));
  }
}

/** The body, or undefined past Lambda's payload limit. */
async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxPayloadBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Lambda's error answer: the type in x-amzn-ErrorType, which the SDK turns into its exception class. */
function answerError(response: ServerResponse, status: number, type: string, message: string): void {
  if (response.headersSent) return;
  response
    .writeHead(status, {
      'content-type': 'application/json',
      'x-amzn-errortype': type,
      'x-amzn-requestid': randomUUID(),
    })
    .end(JSON.stringify({ Type: 'User', message }));
}
