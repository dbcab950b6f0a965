import type { CatalogDraft } from '../api/types.ts';
import { useConsole } from '../context.ts';
import {
  AsyncView,
  ConfirmAction,
  DateTime,
  KeyValues,
  PageTitle,
  ProblemAlert,
  ReadOnlyNotice,
  ScrollRegion,
} from '../ui/components.tsx';
import { useAction, useAsync } from '../ui/hooks.ts';
import { CatalogNav } from './CatalogNav.tsx';
import { diffRows, typeLabel } from './diff.ts';

const countLabels: [keyof CatalogDraft['counts'], string][] = [
  ['hubs', 'Hubs'],
  ['amenities', 'Amenities'],
  ['lounges', 'Lounges'],
  ['fast_tracks', 'Fast-tracks'],
  ['tariffs', 'eSIM tariffs'],
];

function DraftSummary({ draft }: { draft: CatalogDraft }) {
  return (
    <KeyValues
      entries={[
        ['Published version', <code key="version">{draft.published_version ?? 'none yet'}</code>],
        ['Published', <DateTime key="published" value={draft.published_at} />],
        ['Draft revision', String(draft.revision)],
        ['Last change of the draft', <DateTime key="updated" value={draft.updated_at} />],
        ...countLabels.map(([key, label]): [string, string] => [
          label,
          `${draft.counts[key].active} active of ${draft.counts[key].total}`,
        ]),
      ]}
    />
  );
}

export function CatalogPublishPage() {
  const { api, announce } = useConsole();
  const draft = useAsync(() => api.getCatalogDraft(), [api]);
  const diff = useAsync(() => api.getCatalogDiff(), [api]);
  const publish = useAction(async () => {
    const result = await api.publishCatalog(crypto.randomUUID());
    announce(
      result.changed
        ? 'The draft is published: partners see it on their next request.'
        : 'Nothing to publish: partners already see this draft.',
    );
    draft.reload();
    diff.reload();
    return result;
  });
  return (
    <>
      <PageTitle>Catalog: draft and publish</PageTitle>
      <CatalogNav current="publish" />
      <ReadOnlyNotice />
      <section aria-labelledby="draft">
        <h2 id="draft">The draft</h2>
        <AsyncView state={draft.state} label="the draft" onRetry={draft.reload}>
          {(data) => <DraftSummary draft={data} />}
        </AsyncView>
      </section>
      <section aria-labelledby="diff">
        <h2 id="diff">Changes partners do not see yet</h2>
        <AsyncView state={diff.state} label="the draft's changes" onRetry={diff.reload}>
          {(data) => {
            const rows = diffRows(data);
            if (!data.has_changes || rows.length === 0) return <p>The draft equals the published catalog.</p>;
            return (
              <ScrollRegion label="Draft changes table">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Item</th>
                      <th scope="col">Change</th>
                      <th scope="col">Fields: before → after</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={`${row.type}:${row.id}`}>
                        <th scope="row">
                          {typeLabel(row.type)}: {row.name}
                          <br />
                          <code>{row.id}</code>
                        </th>
                        <td>{row.change}</td>
                        <td>
                          {row.fields.length === 0 ? (
                            '—'
                          ) : (
                            <ul class="diff-fields">
                              {row.fields.map((field) => (
                                <li key={field.path}>
                                  <code>{field.path}</code>: <del>{field.before}</del> →{' '}
                                  <ins>{field.after}</ins>
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            );
          }}
        </AsyncView>
      </section>
      <section aria-labelledby="publish">
        <h2 id="publish">Publish</h2>
        <p>Publishing makes the draft the new catalog version at once, for every partner.</p>
        {publish.state.status === 'error' && <ProblemAlert problem={publish.state.problem} />}
        {publish.state.status === 'done' && (
          <div role="status">
            <p>
              {publish.state.result.changed
                ? 'Published.'
                : 'Nothing to publish: no change since the last version.'}
            </p>
            <KeyValues
              entries={[
                ['Version', <code key="version">{publish.state.result.version}</code>],
                ['Published', <DateTime key="at" value={publish.state.result.published_at} />],
                [
                  'Previous version',
                  <code key="previous">{publish.state.result.previous_version ?? 'none'}</code>,
                ],
                ['Added', String(publish.state.result.items.added)],
                ['Changed', String(publish.state.result.items.changed)],
                ['Deactivated', String(publish.state.result.items.deactivated)],
                ['Removed', String(publish.state.result.items.removed)],
              ]}
            />
          </div>
        )}
        <ConfirmAction
          label="Publish the draft"
          confirmLabel="Publish"
          running={publish.state.status === 'running'}
          question="Partners see the new catalog on their next request. This cannot be undone, only followed by another publish."
          onConfirm={() => void publish.run()}
        />
      </section>
    </>
  );
}
