import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import { findApplication } from '../db/entities/application.ts';
import { UnauthorizedError } from '../domain/errors.ts';
import { processMillis } from '../util/clock.ts';
import { LruMap } from '../util/lru-map.ts';
import type { PartnerPrincipal } from './principal.ts';

/**
 * A partner token stays valid for its hour, but the application that holds it, or its account, can be
 * disabled meanwhile, or its secret rotated (docs/accounts.md, Token generations). Every verifier asks
 * whether the token's application and account are still active and whether the token is of the
 * application's current token generation, and remembers the answer per client for a bounded time
 * (PRINCIPAL_STATUS_TTL_SECONDS, default 60 s): a disable or a rotation reaches every container within
 * that bound, at the cost of one GetItem per client and container per bound. The application item
 * carries a copy of its account's status and the generation both advance, so one read answers all.
 */

/** What a verifier needs to know about the application a token names. */
export interface ApplicationStanding {
  /** The account the application belongs to. */
  accountId: string;
  /** Both the application and its account are Active. */
  active: boolean;
  /** Tokens of an older generation were issued before a rotation or a disable. */
  tokenGeneration: number;
}

export type StandingReader = (clientId: string) => Promise<ApplicationStanding | undefined>;

const readStanding: StandingReader = async (clientId) => {
  const application = await findApplication(clientId);
  if (!application) return undefined;
  return {
    accountId: application.accountId,
    active: application.status === 'Active' && application.accountStatus === 'Active',
    tokenGeneration: application.tokenGeneration,
  };
};

/** Clients remembered per container: a warm container rarely sees more; the least recently used go first. */
const cacheCapacity = 1000;

interface Remembered {
  standing: ApplicationStanding | undefined;
  until: number;
}

function noLongerValid(reason: string): UnauthorizedError {
  return new UnauthorizedError(`The access token is no longer valid: ${reason}.`, {
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  });
}

export class PrincipalStatusCache {
  private readonly remembered = new LruMap<string, Remembered>(cacheCapacity);

  constructor(
    private readonly read: StandingReader = readStanding,
    private readonly ttlMs: () => number = () => config().principalStatusTtlSeconds * 1000,
    private readonly clock: () => number = processMillis,
  ) {}

  private async standing(clientId: string): Promise<ApplicationStanding | undefined> {
    const now = this.clock();
    const known = this.remembered.get(clientId);
    if (known && now < known.until) return known.standing;
    const standing = await this.read(clientId);
    this.remembered.set(clientId, { standing, until: now + this.ttlMs() });
    return standing;
  }

  /**
   * Refuses (401 invalid_token) a token whose application or account is disabled, or no longer its
   * own, or that was issued before the application's secret was rotated or it or its account disabled.
   * A token of a newer generation than the one remembered is of a change this container has not read yet.
   */
  async requireActive(principal: PartnerPrincipal): Promise<void> {
    const standing = await this.standing(principal.subject);
    if (!standing?.active || standing.accountId !== principal.accountId) {
      throw noLongerValid('its application or account is disabled');
    }
    if (principal.tokenGeneration < standing.tokenGeneration) {
      throw noLongerValid("it was issued before the application's secret was rotated or it was disabled");
    }
  }

  clear(): void {
    this.remembered.clear();
  }
}

export const principalStatus = new PrincipalStatusCache();
onReset(() => principalStatus.clear());
