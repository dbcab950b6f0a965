import { ConcurrentChangeError } from '../../../shared/domain/errors.ts';
import { withCheckDigit } from '../../../shared/domain/esim/iccid.ts';
import { nextDue } from '../../../shared/domain/esim/lifecycle.ts';
import type {
  Esim,
  EsimOrder,
  EsimSettings,
  PoolCounts,
  ResellerLink,
  Tariff,
} from '../../../shared/domain/esim/model.ts';
import type {
  ClaimOutcome,
  EsimChange,
  EsimKey,
  EsimOrderStore,
  EsimSettingsStore,
  EsimStore,
  EsimTariffs,
  IccidClaim,
  IccidPool,
  LoadOutcome,
  PoolAccounts,
  Resellers,
} from '../../../shared/domain/esim/ports.ts';
import type { Page, PageRequest } from '../../../shared/domain/ports.ts';
import type { StagedWrite, UnitOfWork } from '../../../shared/domain/unit-of-work.ts';
import { anAccount } from '../accounts/fakes.ts';

export const accountId = '0b6f4b7e-4a53-4bd1-9a51-4c3f2b8e9d10';
export const otherAccountId = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
export const now = new Date('2030-05-01T10:00:00.000Z');
export const smdpAddress = 'smdp.test.partner-travel.example.com';

export const russia: Tariff = {
  id: 'd512d42b-de6f-5a7d-9145-b7f10a7d248f',
  name: 'Russia 1 GB, 7 days',
  coverage: ['RU'],
  dataMb: 1024,
  validityDays: 7,
  topupAllowed: true,
  price: { amount: '3.00', currency: 'USD' },
};
export const cis: Tariff = {
  id: '3df39420-dfa2-59be-a001-cce6286bd83f',
  name: 'CIS 5 GB, 30 days',
  coverage: ['AM', 'AZ', 'BY', 'KG', 'KZ', 'RU', 'UZ'],
  dataMb: 5120,
  validityDays: 30,
  topupAllowed: true,
  price: { amount: '12.00', currency: 'USD' },
};
export const turkey: Tariff = {
  id: 'df1a287d-cf62-54f2-83ba-e3f0f11294e1',
  name: 'Turkey 5 GB, 15 days',
  coverage: ['TR'],
  dataMb: 5120,
  validityDays: 15,
  topupAllowed: true,
  price: { amount: '8.00', currency: 'USD' },
};
export const global: Tariff = {
  id: '0f507063-0f79-5d22-b27e-7d2b60116308',
  name: 'Global 1 GB, 7 days',
  coverage: ['RU', 'TR', 'US'],
  dataMb: 1024,
  validityDays: 7,
  topupAllowed: false,
  price: { amount: '10.00', currency: 'USD' },
};

/** ICCIDs with valid check digits: `8988299` + a six-digit block + a five-digit serial. */
export function iccids(count: number, block = '000001'): string[] {
  return Array.from({ length: count }, (_, index) =>
    withCheckDigit(`8988299${block}${String(index).padStart(5, '0')}`),
  );
}

/** The contract: the listed tariffs for `accountId`, none for anyone else. */
export class MemoryTariffs implements EsimTariffs {
  constructor(readonly tariffs: Tariff[] = [russia, cis, turkey, global]) {}
  async find(account: string, tariffId: string) {
    return account === accountId ? this.tariffs.find((tariff) => tariff.id === tariffId) : undefined;
  }
  async list(account: string) {
    return account === accountId ? [...this.tariffs] : [];
  }
}

export class Uow implements UnitOfWork {
  readonly writes: StagedWrite[] = [];
  stage(...writes: StagedWrite[]) {
    this.writes.push(...writes);
  }
}

interface OrderWrite extends StagedWrite {
  order: EsimOrder;
}
interface ChangeWrite extends StagedWrite {
  change: EsimChange;
}

export class MemoryOrders implements EsimOrderStore {
  readonly orders = new Map<string, EsimOrder>();
  async find(account: string, orderId: string) {
    return this.orders.get(`${account}/${orderId}`);
  }
  createWrite(order: EsimOrder): OrderWrite {
    return { description: `order ${order.orderId}`, order };
  }
  /** What committing staged creates does: all of them, or none when an order id exists. */
  apply(writes: readonly StagedWrite[]) {
    const key = ({ order }: OrderWrite) => `${order.accountId}/${order.orderId}`;
    const existing = (writes as OrderWrite[]).find((write) => this.orders.has(key(write)));
    if (existing) throw new Error(`Condition failed on ${existing.description}`);
    for (const write of writes as OrderWrite[]) this.orders.set(key(write), write.order);
  }
}

/** eSIMs in memory; a commit applies a change only at the version it was decided on, like the store. */
export class MemoryEsims implements EsimStore {
  readonly esims = new Map<string, Esim>();
  readonly committed: EsimChange[] = [];
  expiringKeys: EsimKey[] | undefined;
  async find(account: string, iccid: string) {
    return this.esims.get(`${account}/${iccid}`);
  }
  /** The cursor is the last ICCID of the page before. */
  async list(account: string, query: PageRequest): Promise<Page<Esim>> {
    const after = query.cursor ?? '';
    const mine = [...this.esims.values()]
      .filter((esim) => esim.accountId === account && esim.iccid > after)
      .sort((a, b) => a.iccid.localeCompare(b.iccid));
    const items = mine.slice(0, query.limit);
    return { items, nextCursor: mine.length > query.limit ? (items.at(-1)?.iccid ?? null) : null };
  }
  async expiring(at: Date, limit: number) {
    if (this.expiringKeys) return this.expiringKeys.splice(0, limit);
    const due = [];
    for (const esim of this.esims.values()) {
      const expiry = nextDue(esim);
      if (expiry !== undefined && Date.parse(expiry) <= at.getTime()) due.push({ expiry, esim });
    }
    return due
      .sort((a, b) => a.expiry.localeCompare(b.expiry))
      .slice(0, limit)
      .map(({ esim }) => ({ accountId: esim.accountId, iccid: esim.iccid }));
  }
  writes(change: EsimChange): ChangeWrite[] {
    return [{ description: `eSIM ${change.after.iccid}`, change }];
  }
  async commit(writes: StagedWrite[]) {
    this.apply(writes);
  }
  /** All changes or none: each needs the eSIM at the version read, or no eSIM for a new one. */
  apply(staged: readonly StagedWrite[]) {
    const key = (esim: Esim) => `${esim.accountId}/${esim.iccid}`;
    // Other stores' writes (the ledger's) are theirs to apply.
    const writes = staged.filter((write): write is ChangeWrite => 'change' in write);
    for (const { change } of writes) {
      if (this.esims.get(key(change.after))?.version !== change.before?.version) {
        throw new ConcurrentChangeError(`eSIM ${change.after.iccid} changed`);
      }
    }
    for (const { change } of writes) {
      this.esims.set(key(change.after), change.after);
      this.committed.push(change);
    }
  }
}

/** A pool whose claims are atomic across interleaved async confirms, like the DynamoDB transaction. */
export class MemoryPool implements IccidPool {
  readonly available = new Map<string, Set<string>>();
  readonly owner = new Map<string, string>();
  readonly claims: { iccid: string; outcome: ClaimOutcome }[] = [];
  /** The ledger writes of issued claims, committed with them. */
  readonly charged: StagedWrite[] = [];
  /** ICCIDs that answer `iccid-taken` the next time they are claimed (a racing confirm held them). */
  readonly contended = new Set<string>();

  constructor(
    private readonly orders: MemoryOrders,
    private readonly esims: MemoryEsims,
  ) {}

  fill(account: string, list: readonly string[]) {
    const pool = this.available.get(account) ?? new Set<string>();
    for (const iccid of list) {
      pool.add(iccid);
      this.owner.set(iccid, account);
    }
    this.available.set(account, pool);
  }

  async candidates(account: string, count: number) {
    await Promise.resolve();
    return [...(this.available.get(account) ?? [])].slice(0, count);
  }

  async claim({ order, confirmed, esim, charges }: IccidClaim): Promise<ClaimOutcome> {
    await Promise.resolve();
    const outcome = this.decide(order, esim.iccid);
    this.claims.push({ iccid: esim.iccid, outcome });
    if (outcome !== 'issued') return outcome;
    this.charged.push(...charges);
    this.available.get(order.accountId)?.delete(esim.iccid);
    this.orders.orders.set(`${order.accountId}/${order.orderId}`, confirmed);
    this.esims.esims.set(`${esim.accountId}/${esim.iccid}`, esim);
    return outcome;
  }

  private decide(order: EsimOrder, iccid: string): ClaimOutcome {
    if (this.orders.orders.get(`${order.accountId}/${order.orderId}`)?.status !== order.status) {
      return 'order-changed';
    }
    if (this.contended.delete(iccid)) return 'iccid-taken';
    return this.available.get(order.accountId)?.has(iccid) ? 'issued' : 'iccid-taken';
  }

  async owners(list: readonly string[]) {
    const found = new Map<string, string>();
    for (const iccid of list) {
      const account = this.owner.get(iccid);
      if (account) found.set(iccid, account);
    }
    return found;
  }

  /** ICCIDs another load puts elsewhere between the owners check and this load. */
  readonly loadedElsewhereMeanwhile = new Set<string>();

  async load(account: string, list: readonly string[]) {
    const outcomes = new Map<string, LoadOutcome>();
    for (const iccid of new Set(list)) {
      const owner = this.loadedElsewhereMeanwhile.has(iccid) ? 'another account' : this.owner.get(iccid);
      const outcome: LoadOutcome =
        owner === undefined ? 'added' : owner === account ? 'present' : 'elsewhere';
      if (outcome === 'added') this.fill(account, [iccid]);
      outcomes.set(iccid, outcome);
    }
    return outcomes;
  }

  async counts(account: string): Promise<PoolCounts> {
    const issued = [...this.esims.esims.values()].filter((esim) => esim.accountId === account).length;
    return { available: this.available.get(account)?.size ?? 0, issued };
  }
}

interface LinkWrite extends StagedWrite {
  link: ResellerLink;
  alreadyLinked: (existing: ResellerLink | undefined) => Error;
}

/** Reseller links in memory; a commit applies a staged link only where none exists, like the store. */
export class MemoryResellers implements Resellers {
  readonly links = new Map<string, ResellerLink>();
  async find(account: string) {
    return this.links.get(account);
  }
  link(link: ResellerLink, alreadyLinked: LinkWrite['alreadyLinked']): LinkWrite {
    return { description: `link ${link.accountId}`, link, alreadyLinked };
  }
  /** What committing the staged links does. */
  apply(writes: readonly StagedWrite[]) {
    for (const write of writes as LinkWrite[]) {
      const existing = this.links.get(write.link.accountId);
      if (existing) throw write.alreadyLinked(existing);
      this.links.set(write.link.accountId, write.link);
    }
  }
}

export const knownAccounts = (...ids: string[]): PoolAccounts => ({
  find: async (id) => (ids.includes(id) ? anAccount({ accountId: id }) : undefined),
});

type SettingsWrite = StagedWrite & { accountId: string; settings: EsimSettings };

/** eSIM settings in memory, per account; a commit applies staged writes. */
export class MemoryEsimSettings implements EsimSettingsStore {
  readonly settings = new Map<string, EsimSettings>();
  async find(account: string) {
    return this.settings.get(account);
  }
  putWrite(account: string, settings: EsimSettings & { updatedAt: string }): SettingsWrite {
    return { description: `eSIM settings of ${account}`, accountId: account, settings };
  }
  apply(staged: readonly StagedWrite[]) {
    for (const write of staged) {
      if ('settings' in write)
        this.settings.set((write as SettingsWrite).accountId, (write as SettingsWrite).settings);
    }
  }
}
