import { readFileSync } from 'node:fs';
import { Agent, request as send } from 'undici';
import { inject } from 'vitest';
import type { StageEndpoints, StageJson } from '../../infra/local/stage.ts';
import type { Host } from '../../shared/routes/types.ts';

/** A seeded client of the local stage: a partner by index (0, 1) or the operator. */
export type Who = number | 'operator';

/** A client certificate and its key, PEM. */
export interface ClientIdentity {
  cert: string;
  key: string;
}

export interface RequestOptions {
  token?: string;
  /** JSON body (objects are serialised, strings sent as they are); bytes are sent raw (set content-type). */
  body?: unknown;
  /** application/x-www-form-urlencoded body (the token endpoint). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** The client certificate presented: a seeded client's, a PEM pair, or null for none. */
  cert?: Who | ClientIdentity | null;
  /** `api` is base_url (mutual TLS), `auth` is auth_url, `admin` is admin_url, `venue` venue_url. Default `api`. */
  host?: Host;
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** Parsed JSON when the response is JSON, else the text. */
  body: T;
}

export function stage(): StageJson {
  return inject('stage');
}

export function endpoints(): StageEndpoints {
  return inject('endpoints');
}

export interface SeededClient {
  accountId: string | null;
  clientId: string;
  clientSecret: string;
  identity: ClientIdentity;
}

/** Calls against one running stage; tests use the exports below, bound to the run's shared stage. */
export function stageClient(stageJson: () => StageJson) {
  function seeded(who: Who): SeededClient {
    const current = stageJson();
    const client = who === 'operator' ? current.operator : current.partners[who];
    if (!client) throw new Error(`The stage has no partner ${who}`);
    return {
      accountId: who === 'operator' ? null : (current.partners[who]?.account_id ?? null),
      clientId: client.client_id,
      clientSecret: client.client_secret,
      identity: {
        cert: readFileSync(client.client_cert, 'utf8'),
        key: readFileSync(client.client_key, 'utf8'),
      },
    };
  }

  const agents = new Map<string, Agent>();

  function agentFor(cert: Who | ClientIdentity | null): Agent {
    const identity = cert === null ? undefined : typeof cert === 'object' ? cert : seeded(cert).identity;
    const key = identity ? `${identity.cert}${identity.key}` : 'none';
    let agent = agents.get(key);
    if (!agent) {
      const ca = readFileSync(stageJson().ca_cert, 'utf8');
      agent = new Agent({ connect: { ca, ...(identity ? { cert: identity.cert, key: identity.key } : {}) } });
      agents.set(key, agent);
    }
    return agent;
  }

  /** One HTTPS call to the stage, as a partner's HTTP client makes it. */
  async function request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const current = stageJson();
    const base = {
      api: current.base_url,
      auth: current.auth_url,
      admin: current.admin_url,
      venue: current.venue_url,
      es2plus: current.es2plus_url,
      'esim-page': current.esim_page_url,
    }[options.host ?? 'api'];
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Uint8Array | undefined;
    if (options.body instanceof Uint8Array) {
      body = options.body;
    } else if (options.form) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await send(`${base}${path}`, {
      method: method as 'GET',
      headers,
      ...(body === undefined ? {} : { body }),
      dispatcher: agentFor(options.cert === undefined ? null : options.cert),
    });
    const flatHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined)
        flatHeaders[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    const text = await response.body.text();
    const isJson = /json/.test(flatHeaders['content-type'] ?? '') && text.length > 0;
    return {
      status: response.statusCode,
      headers: flatHeaders,
      body: (isJson ? JSON.parse(text) : text) as T,
    };
  }

  const tokens = new Map<string, string>();

  /** An access token from the real token endpoint (client credentials), cached per client and scope. */
  async function token(who: Who, scope?: string): Promise<string> {
    const cacheKey = `${who}|${scope ?? ''}`;
    const cached = tokens.get(cacheKey);
    if (cached) return cached;
    const client = seeded(who);
    const response = await request<{ access_token?: string }>('POST', '/oauth/v2/token', {
      host: 'auth',
      form: {
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
        ...(scope === undefined ? {} : { scope }),
      },
    });
    if (response.status !== 200 || !response.body.access_token) {
      throw new Error(`No token for ${who}: ${response.status} ${JSON.stringify(response.body)}`);
    }
    tokens.set(cacheKey, response.body.access_token);
    return response.body.access_token;
  }

  /** A seeded client: its certificate on every call, and its tokens. */
  function api(who: Who) {
    return {
      ...seeded(who),
      token: (scope?: string) => token(who, scope),
      request: <T = Record<string, unknown>>(method: string, path: string, options: RequestOptions = {}) =>
        request<T>(method, path, { cert: who, ...options }),
    };
  }

  async function close(): Promise<void> {
    await Promise.all([...agents.values()].map((agent) => agent.close()));
    agents.clear();
  }

  return { seeded, request, token, api, close };
}

const shared = stageClient(stage);

export const { seeded, request, token, api } = shared;
