import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type Interaction } from 'oidc-provider';
import type { Role } from '../../shared/domain/employees/model.ts';
import { listenLocally } from './listen.ts';

/**
 * The local stage's identity provider: a real OpenID Provider (oidc-provider) with seeded employees
 * and its own login page, so the employee login runs end to end with real redirects, PKCE and ID
 * tokens (docs/employees.md, Local identity provider). Not for any deployed stage.
 */

export interface LocalEmployee {
  /** Also the `sub` the provider asserts: the employee id in the service's tokens. */
  username: string;
  password: string;
  groups: readonly string[];
  name: string;
  email: string;
}

export interface IdentityProviderClient {
  client_id: string;
  client_secret: string;
  /** The service's callback operation(s). */
  redirect_uris: readonly string[];
}

export interface IdentityProviderOptions {
  /** 0 picks a free port. */
  port: number;
  host?: '127.0.0.1';
  tls: { cert: string; key: string };
  /** Defaults to `https://127.0.0.1:<port>`. */
  issuer?: string;
  clients: readonly IdentityProviderClient[];
  employees: readonly LocalEmployee[];
  /**
   * Where the redirects after a sign-in end beyond the clients' callbacks (the console the service
   * sends the browser on to): a browser checks form-action against every redirect of a form post.
   */
  returnOrigins?: readonly string[];
  log?: (message: string) => void;
}

export interface RunningIdentityProvider {
  issuer: string;
  port: number;
  stop(): Promise<void>;
}

/** Group names of the local provider and the roles the local stage maps them to. */
export const localRoleGroups: Readonly<Record<string, Role>> = {
  'pts-admins': 'admin',
  'pts-support': 'support',
};

export interface LocalEmployeeSeed extends Omit<LocalEmployee, 'password'> {
  /** The role the local stage gives this employee under strict mapping (null: refused). */
  role: Role | null;
}

/** One employee per case the login must handle: admin, support, and one in no mapped group. */
export const localEmployeeSeeds: readonly LocalEmployeeSeed[] = [
  {
    username: 'ada.admin',
    groups: ['pts-admins'],
    name: 'Ada Admin',
    email: 'ada.admin@example.test',
    role: 'admin',
  },
  {
    username: 'sam.support',
    groups: ['pts-support'],
    name: 'Sam Support',
    email: 'sam.support@example.test',
    role: 'support',
  },
  {
    username: 'nico.nogroup',
    groups: ['pts-finance'],
    name: 'Nico Nogroup',
    email: 'nico.nogroup@example.test',
    role: null,
  },
];

/**
 * The seeds with fresh random passwords. The local stage generates them once and keeps them with its
 * state (stage.json `idp.employees`), so no password is written in the repository.
 */
export function withGeneratedPasswords(
  seeds: readonly LocalEmployeeSeed[] = localEmployeeSeeds,
): (LocalEmployee & { role: Role | null })[] {
  return seeds.map((seed) => ({
    ...seed,
    groups: [...seed.groups],
    password: randomBytes(12).toString('base64url'),
  }));
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? '',
  );

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
/** Constant time whatever the lengths, so a wrong password's timing says nothing about the right one. */
const samePassword = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

function loginPage(uid: string, clientName: string, username: string, error: string | null): string {
  const action = `/interaction/${encodeURIComponent(uid)}`;
  const errorBlock = error ? `<p id="login-error" role="alert">${escapeHtml(error)}</p>\n` : '';
  const describedBy = error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in - Partner Travel Services (local)</title>
</head>
<body>
<main>
<h1>Sign in</h1>
<p>Employee sign-in for ${escapeHtml(clientName)} on the local stage.</p>
${errorBlock}<form method="post" action="${action}/login">
<p><label for="username">Username</label><br>
<input id="username" name="username" type="text" autocomplete="username" required value="${escapeHtml(username)}"${describedBy}></p>
<p><label for="password">Password</label><br>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}></p>
<p><button type="submit">Sign in</button></p>
</form>
<form method="post" action="${action}/abort">
<p><button type="submit">Cancel</button></p>
</form>
</main>
</body>
</html>
`;
}

const maxFormBytes = 8 * 1024;

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxFormBytes) throw new Error('Form too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts the provider on 127.0.0.1 over HTTPS. PKCE is required for every client, consent is granted
 * without asking (the only clients are the service's own backends), and the login page is plain HTML
 * with no script or inline style, served under a strict Content-Security-Policy.
 */
export async function startIdentityProvider(
  options: IdentityProviderOptions,
): Promise<RunningIdentityProvider> {
  const host = options.host ?? '127.0.0.1';
  const employees = new Map(options.employees.map((employee) => [employee.username, employee]));
  const log = options.log ?? (() => {});

  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.writeHead(503).end();
  };
  const server = createServer({ cert: options.tls.cert, key: options.tls.key }, (request, response) =>
    handle(request, response),
  );
  const { port, close } = await listenLocally(server, options.port, host);
  const issuer = options.issuer ?? `https://${host}:${port}`;

  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'local-idp-1' };

  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      client_id: client.client_id,
      client_secret: client.client_secret,
      redirect_uris: [...client.redirect_uris],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
    })),
    async findAccount(_ctx, sub) {
      const employee = employees.get(sub);
      if (!employee) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            name: employee.name,
            email: employee.email,
            email_verified: true,
            groups: [...employee.groups],
          };
        },
      };
    },
    claims: {
      openid: ['sub'],
      profile: ['name'],
      email: ['email', 'email_verified'],
      groups: ['groups'],
    },
    scopes: ['openid', 'profile', 'email', 'groups'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      long: { httpOnly: true, sameSite: 'lax', secure: true },
      short: { httpOnly: true, sameSite: 'lax', secure: true },
    },
    jwks: { keys: [signingKey] },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    // Seconds. Short: the service redeems the code and reads userinfo once, right after the sign-in.
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx, error) => log(`identity provider error: ${error.message}`));

  const formTargets = [
    "'self'",
    ...new Set([
      ...options.clients.flatMap((client) => client.redirect_uris.map((uri) => new URL(uri).origin)),
      ...(options.returnOrigins ?? []),
    ]),
  ].join(' ');
  const pageHeaders = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    // The form posts here; the redirects after it pass the service's callback and end at the console.
    'Content-Security-Policy': `default-src 'none'; form-action ${formTargets}; frame-ancestors 'none'; base-uri 'none'`,
  };

  const clientName = (interaction: Interaction) =>
    String(interaction.params.client_id ?? 'the admin console');

  async function grantConsent(request: IncomingMessage, response: ServerResponse, interaction: Interaction) {
    const { prompt, params, session, grantId } = interaction;
    const accountId = session?.accountId;
    if (!accountId) throw new Error('Consent without a session');
    const grant = grantId
      ? ((await provider.Grant.find(grantId)) ??
        new provider.Grant({ accountId, clientId: String(params.client_id) }))
      : new provider.Grant({ accountId, clientId: String(params.client_id) });
    const details = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const savedGrantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { consent: { grantId: savedGrantId } },
      {
        mergeWithLastSubmission: true,
      },
    );
  }

  async function interact(request: IncomingMessage, response: ServerResponse, path: string) {
    const interaction = await provider.interactionDetails(request, response);
    const [, , uid, step] = path.split('/');
    if (uid !== interaction.uid) {
      response
        .writeHead(400, pageHeaders)
        .end('<!doctype html><title>Bad request</title><p>Unknown sign-in.</p>');
      return;
    }
    if (request.method === 'GET') {
      if (interaction.prompt.name === 'consent') return grantConsent(request, response, interaction);
      response.writeHead(200, pageHeaders).end(loginPage(interaction.uid, clientName(interaction), '', null));
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { Allow: 'GET, POST' }).end();
      return;
    }
    if (step === 'abort') {
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'The employee canceled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (step !== 'login' || interaction.prompt.name !== 'login') {
      response
        .writeHead(400, pageHeaders)
        .end('<!doctype html><title>Bad request</title><p>Unexpected step.</p>');
      return;
    }
    const form = await readForm(request);
    const username = form.get('username') ?? '';
    const employee = employees.get(username);
    // Always compare, so an unknown username takes as long as a wrong password.
    const passwordMatches = samePassword(
      form.get('password') ?? '',
      employee?.password ?? randomBytes(16).toString('hex'),
    );
    if (!employee || !passwordMatches) {
      response
        .writeHead(200, pageHeaders)
        .end(loginPage(interaction.uid, clientName(interaction), username, 'Wrong username or password.'));
      return;
    }
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: employee.username } },
      { mergeWithLastSubmission: false },
    );
  }

  const providerCallback = provider.callback();
  handle = (request, response) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    if (!path.startsWith('/interaction/')) {
      providerCallback(request, response);
      return;
    }
    interact(request, response, path).catch((error: unknown) => {
      log(`identity provider interaction failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent)
        response
          .writeHead(400, pageHeaders)
          .end('<!doctype html><title>Sign-in failed</title><p>Start again.</p>');
    });
  };

  return {
    issuer,
    port,
    stop: close,
  };
}
