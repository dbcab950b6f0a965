import { useMemo, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import type { CatalogKind } from '../api/types.ts';
import { displayName, isActive, isCatalogKind, kindLabels } from '../catalog/kinds.ts';
import { useConsole } from '../context.ts';
import {
  AsyncView,
  LoadMore,
  PageTitle,
  ReadOnlyNotice,
  ScrollRegion,
  StatusBadge,
} from '../ui/components.tsx';
import { useCursorList } from '../ui/hooks.ts';
import { CatalogNav } from './CatalogNav.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { matchesSearch } from './search.ts';

export function CatalogListPage({ kind }: { kind: string }) {
  if (!isCatalogKind(kind)) return <NotFoundPage />;
  return <CatalogList kind={kind} />;
}

/** The API's largest page. */
const pageSize = 200;

function CatalogList({ kind }: { kind: CatalogKind }) {
  const { api, canWrite } = useConsole();
  const labels = kindLabels[kind];
  const {
    first: list,
    items,
    more,
    hasMore,
  } = useCursorList((cursor) => api.listCatalogItems(kind, { limit: pageSize, cursor }), [api, kind]);
  const [search, setSearch] = useState('');
  const visible = useMemo(
    () => items.filter((item) => matchesSearch(search, [displayName(item), item.id])),
    [items, search],
  );

  return (
    <>
      <PageTitle>Catalog: {labels.plural}</PageTitle>
      <CatalogNav current={kind} />
      <ReadOnlyNotice />
      <p>Changes go to the draft; partners see them after the draft is published.</p>
      {canWrite && (
        <p>
          <Link href={`/catalog/${kind}/new`} role="button">
            New {labels.singular}
          </Link>
        </p>
      )}
      <div class="field search">
        <label for="catalog-search">Search {labels.plural.toLowerCase()} by name or id</label>
        <input
          id="catalog-search"
          type="search"
          value={search}
          onInput={(e) => setSearch(e.currentTarget.value)}
        />
      </div>
      <AsyncView state={list.state} label={labels.plural.toLowerCase()} onRetry={list.reload}>
        {() => (
          <>
            <p role="status" aria-live="polite">
              {visible.length} of {items.length} loaded {labels.plural.toLowerCase()} shown
              {hasMore ? '; more can be loaded.' : '.'}
            </p>
            <ScrollRegion label={`${labels.plural} table`}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Id</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {visible.map((item) => (
                    <tr key={item.id}>
                      <th scope="row">
                        <Link href={`/catalog/${kind}/${item.id}`}>{displayName(item) || '(no name)'}</Link>
                      </th>
                      <td>
                        <code>{item.id}</code>
                      </td>
                      <td>
                        <StatusBadge status={isActive(item) ? 'Active' : 'Inactive'} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <LoadMore label={`Load more ${labels.plural.toLowerCase()}`} more={more} hasMore={hasMore} />
          </>
        )}
      </AsyncView>
    </>
  );
}
