import { accountStore } from '../../shared/db/entities/account.ts';
import { ledgerReader, ledgerStore } from '../../shared/db/entities/ledger.ts';
import type { LineKind } from '../../shared/domain/billing/model.ts';
import {
  addAdjustment,
  allLines,
  type BillingAccounts,
  getStatement,
  listLines,
  listStatements,
  requireAccount,
  statementsOfPeriod,
} from '../../shared/domain/billing/service.ts';
import type { PageRequest } from '../../shared/domain/ports.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import {
  acceptsCsv,
  accountStatementView,
  ledgerLineView,
  linesCsv,
  statementsCsv,
  statementView,
} from '../../shared/http/views/billing.ts';
import { pageView } from '../../shared/http/views/page.ts';
import { billingRoutes, csvContentType } from '../../shared/routes/billing.ts';

const accounts: BillingAccounts = {
  exists: async (accountId) => (await accountStore.find(accountId)) !== undefined,
};

async function linesAnswer(
  accountId: string,
  period: string,
  query: PageRequest & { kind?: LineKind | undefined },
  accept: string | undefined,
) {
  if (acceptsCsv(accept)) {
    const lines = await allLines(ledgerReader, accountId, period, query.kind);
    return { status: 200, text: { contentType: csvContentType, body: linesCsv(lines) } };
  }
  const page = await listLines(ledgerReader, accountId, period, query);
  return { status: 200, body: pageView(page, ledgerLineView) };
}

export const handler = createApiHandler(billingRoutes, {
  listStatements: async ({ principal, query }) => ({
    status: 200,
    body: pageView(await listStatements(ledgerReader, principal.accountId, query), statementView),
  }),

  getStatement: async ({ principal, params, now }) => ({
    status: 200,
    body: statementView(await getStatement(ledgerReader, principal.accountId, params.period, now)),
  }),

  listStatementLines: ({ principal, params, query, rawHeaders }) =>
    linesAnswer(principal.accountId, params.period, query, rawHeaders.accept),

  employeeListStatements: async ({ params, query }) => {
    await requireAccount(accounts, params.accountID);
    return {
      status: 200,
      body: pageView(await listStatements(ledgerReader, params.accountID, query), statementView),
    };
  },

  employeeGetStatement: async ({ params, now }) => {
    await requireAccount(accounts, params.accountID);
    return {
      status: 200,
      body: statementView(await getStatement(ledgerReader, params.accountID, params.period, now)),
    };
  },

  employeeListStatementLines: async ({ params, query, rawHeaders }) => {
    await requireAccount(accounts, params.accountID);
    return linesAnswer(params.accountID, params.period, query, rawHeaders.accept);
  },

  createAdjustment: async ({ params, body, uow, now }) => {
    const line = await addAdjustment(
      { ledger: ledgerStore, accounts, uow },
      params.accountID,
      { amount: body.amount, currency: body.currency, description: body.description },
      now,
    );
    return { status: 201, body: ledgerLineView(line) };
  },

  listPeriodStatements: async ({ query, rawHeaders }) => {
    const deps = { reader: ledgerReader, accounts: accountStore };
    if (acceptsCsv(rawHeaders.accept)) {
      const statements = [];
      let cursor: string | undefined;
      do {
        const page = await statementsOfPeriod(deps, query.period, { limit: 100, cursor });
        statements.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return { status: 200, text: { contentType: csvContentType, body: statementsCsv(statements) } };
    }
    const page = await statementsOfPeriod(deps, query.period, query);
    return { status: 200, body: pageView(page, accountStatementView) };
  },
});
