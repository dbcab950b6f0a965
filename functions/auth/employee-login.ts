import { readFileSync } from 'node:fs';
import { createEmployeeTokenIssuer } from '../../shared/auth/employee-tokens.ts';
import { createLoginStateSigner, loginStateKeysFrom } from '../../shared/auth/login-state-signer.ts';
import type { createOidcRelyingParty } from '../../shared/auth/oidc-relying-party.ts';
import { serviceSigningKeys } from '../../shared/auth/token-issuer.ts';
import { audienceValue } from '../../shared/auth/tokens.ts';
import { config, employeeLoginConfig } from '../../shared/config/env.ts';
import { onReset } from '../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../shared/db/commit-staged.ts';
import { dynamoAuditLog } from '../../shared/db/entities/audit.ts';
import { dynamoEmployeeRevocationStore } from '../../shared/db/entities/employee-revocation.ts';
import { dynamoLoginStateStore } from '../../shared/db/entities/login-state.ts';
import { dynamoOneTimeCodeStore } from '../../shared/db/entities/one-time-code.ts';
import { isRole, type Role } from '../../shared/domain/employees/model.ts';
import type { EmployeeLoginDeps, EmployeeLoginSettings } from '../../shared/domain/employees/service.ts';
import { authRoutes } from '../../shared/routes/auth.ts';
import { secretStore } from '../../shared/secrets/store.ts';

/**
 * The employee login's ports, composed from the stage's configuration (docs/employees.md, Identity
 * provider per stage) once per container. The token exchange needs neither the provider nor its
 * secrets, so it never reads them.
 */
function settingsOf(): EmployeeLoginSettings {
  const login = employeeLoginConfig();
  const groups: Record<string, Role> = {};
  for (const [group, role] of Object.entries(login.groupRoles)) {
    if (!isRole(role)) throw new Error(`IDP_GROUP_ROLES maps ${group} to ${role}, which is no role`);
    groups[group] = role;
  }
  return {
    redirectUris: login.redirectUris,
    roleMapping: { groups, mode: login.roleMapping },
    consoleClientId: login.consoleClientId,
  };
}

async function requiredSecret(name: 'idpClientSecret' | 'loginStateKey'): Promise<string> {
  const value = await secretStore().get(config().secretIds[name]);
  if (!value) throw new Error(`The ${name} secret has no value yet (docs/deploy.md)`);
  return value;
}

type ExchangeDeps = Pick<EmployeeLoginDeps, 'settings' | 'codes' | 'tokens' | 'revocations'>;

let exchange: ExchangeDeps | undefined;
let login: Promise<EmployeeLoginDeps> | undefined;
let closeFetch: (() => Promise<void>) | undefined;

export function exchangeDeps(): ExchangeDeps {
  exchange ??= {
    settings: settingsOf(),
    codes: dynamoOneTimeCodeStore({ tableName: config().mainTableName }),
    revocations: dynamoEmployeeRevocationStore({ tableName: config().mainTableName }),
    tokens: createEmployeeTokenIssuer({
      issuer: config().tokenIssuer,
      audience: audienceValue('employee'),
      signingKeys: serviceSigningKeys,
    }),
  };
  return exchange;
}

async function composeLogin(): Promise<EmployeeLoginDeps> {
  const settings = employeeLoginConfig();
  const { tokenIssuer, authBaseUrl, mainTableName, auditTableName } = config();
  const [clientSecret, stateKeys] = await Promise.all([
    requiredSecret('idpClientSecret'),
    requiredSecret('loginStateKey'),
  ]);
  // openid-client loads with the first login, not with the token endpoint's cold start.
  const [{ createOidcRelyingParty }, { fetchTrustingCa }] = await Promise.all([
    import('../../shared/auth/oidc-relying-party.ts'),
    import('../../shared/net/trusting-fetch.ts'),
  ]);
  let fetch: Parameters<typeof createOidcRelyingParty>[0]['fetch'];
  if (settings.extraCaFile) {
    const trusting = fetchTrustingCa(readFileSync(settings.extraCaFile, 'utf8'));
    fetch = trusting.fetch;
    closeFetch = trusting.close;
  }
  return {
    ...exchangeDeps(),
    signer: createLoginStateSigner({ issuer: tokenIssuer, keys: loginStateKeysFrom(stateKeys) }),
    states: dynamoLoginStateStore({ tableName: mainTableName }),
    identityProvider: createOidcRelyingParty({
      issuer: settings.issuer,
      clientId: settings.clientId,
      clientSecret,
      callbackUrl: `${authBaseUrl.replace(/\/+$/, '')}${authRoutes.completeEmployeeLogin.path}`,
      ...(settings.scope ? { scope: settings.scope } : {}),
      ...(settings.groupsClaim ? { groupsClaim: settings.groupsClaim } : {}),
      ...(fetch ? { fetch } : {}),
    }),
    audit: dynamoAuditLog({ tableName: auditTableName }),
    committer: stagedWriteCommitter,
  };
}

/** Every port of the login and callback; a failed composition (a secret not written yet) is retried. */
export function loginDeps(): Promise<EmployeeLoginDeps> {
  login ??= composeLogin().catch((error: unknown) => {
    login = undefined;
    throw error;
  });
  return login;
}

onReset(() => {
  exchange = undefined;
  login = undefined;
  void closeFetch?.();
  closeFetch = undefined;
});
