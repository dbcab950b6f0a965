import { randomBytes } from 'node:crypto';
import { createEmployeeTokenIssuer } from '../../../../shared/auth/employee-tokens.ts';
import type { SigningKeySet } from '../../../../shared/auth/keys.ts';
import { createLoginStateSigner } from '../../../../shared/auth/login-state-signer.ts';
import { SigningKeyCache } from '../../../../shared/auth/signing-key-cache.ts';
import type { AuditRecord } from '../../../../shared/domain/audit/model.ts';
import type { AuditLog, AuditQuery } from '../../../../shared/domain/audit/ports.ts';
import { IdentityProviderError } from '../../../../shared/domain/employees/errors.ts';
import type {
  EmployeeIdentity,
  IssuedCode,
  PendingLogin,
  RoleMapping,
} from '../../../../shared/domain/employees/model.ts';
import type {
  AuthorizationChecks,
  IdentityProvider,
  LoginStateStore,
  OneTimeCodeStore,
  WriteCommitter,
} from '../../../../shared/domain/employees/ports.ts';
import type { EmployeeLoginDeps } from '../../../../shared/domain/employees/service.ts';
import type { StagedWrite } from '../../../../shared/domain/unit-of-work.ts';
import { signingKeySet } from '../../../support/employee-tokens.ts';
import { MemoryRevocations } from './memory-revocations.ts';

export const issuer = 'https://auth.test';
export const adminAudience = 'https://admin.test';
export const consoleClientId = 'pts-admin-console';
export const consoleRedirectUri = 'https://console.test/callback';

const isExpired = (expiresAt: string, now: Date) => Date.parse(expiresAt) <= now.getTime();

export class MemoryLoginStates implements LoginStateStore {
  readonly logins = new Map<string, PendingLogin>();
  async save(login: PendingLogin) {
    if (this.logins.has(login.stateId)) throw new Error(`Login state ${login.stateId} exists`);
    this.logins.set(login.stateId, login);
  }
  async consume(stateId: string, now: Date) {
    const login = this.logins.get(stateId);
    if (!login || isExpired(login.expiresAt, now)) return undefined;
    this.logins.delete(stateId);
    return login;
  }
}

type MemoryWrite = StagedWrite & ({ code: IssuedCode } | { record: AuditRecord });

export class MemoryCodes implements OneTimeCodeStore {
  readonly codes = new Map<string, IssuedCode>();
  save(code: IssuedCode): MemoryWrite {
    return { description: 'code', code };
  }
  async consume(codeHash: string, now: Date) {
    const code = this.codes.get(codeHash);
    if (!code || isExpired(code.expiresAt, now)) return undefined;
    this.codes.delete(codeHash);
    return code;
  }
}

export class MemoryAudit implements AuditLog {
  readonly records: AuditRecord[] = [];
  append(record: AuditRecord): MemoryWrite {
    return { description: 'audit', record };
  }
  async list(query: AuditQuery) {
    return { items: this.records.slice(0, query.limit), nextCursor: null };
  }
}

/** Applies staged writes all together, or none when `failure` is set or a code of them exists already. */
export class MemoryCommitter implements WriteCommitter {
  failure: Error | undefined;
  readonly transactions: number[] = [];
  constructor(
    private readonly codes: MemoryCodes,
    private readonly audit: MemoryAudit,
  ) {}
  async commit(writes: readonly StagedWrite[]) {
    if (this.failure) throw this.failure;
    const existing = (writes as readonly MemoryWrite[]).find(
      (write) => 'code' in write && this.codes.codes.has(write.code.codeHash),
    );
    if (existing) throw new Error(`Condition failed on ${existing.description}`);
    this.transactions.push(writes.length);
    for (const write of writes as readonly MemoryWrite[]) {
      if ('code' in write) this.codes.codes.set(write.code.codeHash, write.code);
      else this.audit.records.push(write.record);
    }
  }
}

/**
 * An identity provider that knows which employee each of its codes belongs to, and checks what a
 * real one would: the state it was given and the PKCE verifier of its own authorization request.
 */
export class FakeIdentityProvider implements IdentityProvider {
  readonly identities = new Map<string, EmployeeIdentity>();
  readonly requests = new Map<string, { codeVerifier: string; nonce: string }>();
  unreachable = false;

  async authorizationRedirect(state: string) {
    const codeVerifier = randomBytes(32).toString('base64url');
    const nonce = randomBytes(16).toString('base64url');
    this.requests.set(state, { codeVerifier, nonce });
    const url = new URL('https://idp.test/authorize');
    url.searchParams.set('state', state);
    return { url: url.href, codeVerifier, nonce };
  }

  /** The callback query the provider would send after `identity` signs in. */
  callbackFor(location: string, identity: EmployeeIdentity): URLSearchParams {
    const state = new URL(location).searchParams.get('state') ?? '';
    const code = randomBytes(16).toString('hex');
    this.identities.set(code, identity);
    return new URLSearchParams({ code, state, iss: 'https://idp.test' });
  }

  async identify(params: URLSearchParams, checks: AuthorizationChecks) {
    if (this.unreachable) throw new IdentityProviderError('unreachable');
    const error = params.get('error');
    if (error) throw new IdentityProviderError('refused', error);
    const request = this.requests.get(checks.state);
    if (params.get('state') !== checks.state || request?.codeVerifier !== checks.codeVerifier)
      throw new IdentityProviderError('checks failed', 'invalid_grant');
    const code = params.get('code') ?? '';
    const identity = this.identities.get(code);
    this.identities.delete(code);
    if (!identity) throw new IdentityProviderError('unknown code', 'invalid_grant');
    return identity;
  }
}

export const lenient: RoleMapping = {
  groups: { 'pts-admins': 'admin', 'pts-support': 'support' },
  mode: 'lenient',
};
export const strict: RoleMapping = { ...lenient, mode: 'strict' };

export interface LoginWorld {
  deps: EmployeeLoginDeps;
  states: MemoryLoginStates;
  codes: MemoryCodes;
  audit: MemoryAudit;
  committer: MemoryCommitter;
  idp: FakeIdentityProvider;
  revocations: MemoryRevocations;
  keys: SigningKeySet;
  stateKey: Uint8Array;
}

export async function loginWorld(roleMapping: RoleMapping = strict): Promise<LoginWorld> {
  const states = new MemoryLoginStates();
  const codes = new MemoryCodes();
  const audit = new MemoryAudit();
  const committer = new MemoryCommitter(codes, audit);
  const idp = new FakeIdentityProvider();
  const revocations = new MemoryRevocations();
  const keys = await signingKeySet();
  const stateKey = randomBytes(32);
  return {
    states,
    codes,
    audit,
    committer,
    idp,
    revocations,
    keys,
    stateKey,
    deps: {
      settings: { redirectUris: [consoleRedirectUri], roleMapping, consoleClientId },
      signer: createLoginStateSigner({ issuer, keys: [stateKey] }),
      states,
      codes,
      identityProvider: idp,
      tokens: createEmployeeTokenIssuer({
        issuer,
        audience: adminAudience,
        signingKeys: new SigningKeyCache(async () => keys),
      }),
      revocations,
      audit,
      committer,
    },
  };
}
