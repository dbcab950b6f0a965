import { useConsole } from '../context.ts';
import {
  AsyncView,
  ConfirmAction,
  KeyValues,
  PageTitle,
  ProblemAlert,
  ReadOnlyNotice,
  ScrollRegion,
} from '../ui/components.tsx';
import { useAction, useAsync } from '../ui/hooks.ts';
import { CatalogNav } from './CatalogNav.tsx';
import { diffEntries } from './diff.ts';

export function CatalogPublishPage() {
  const { api, announce } = useConsole();
  const diff = useAsync(() => api.getCatalogDiff(), [api]);
  const publish = useAction(async () => {
    const result = await api.publishCatalog();
    announce('The draft is published: partners see it on their next request.');
    diff.reload();
    return result;
  });
  return (
    <>
      <PageTitle>Catalog: draft and publish</PageTitle>
      <CatalogNav current="publish" />
      <ReadOnlyNotice />
      <section aria-labelledby="diff">
        <h2 id="diff">Changes in the draft</h2>
        <AsyncView state={diff.state} label="the draft's changes" onRetry={diff.reload}>
          {(data) => {
            const entries = diffEntries(data);
            if (entries === undefined) {
              return (
                <ScrollRegion label="Draft changes (JSON)">
                  <pre class="diff">{JSON.stringify(data, null, 2)}</pre>
                </ScrollRegion>
              );
            }
            if (entries.length === 0) return <p>The draft equals the published catalog.</p>;
            return (
              <ScrollRegion label="Draft changes table">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Change</th>
                      <th scope="col">Kind</th>
                      <th scope="col">Item</th>
                      <th scope="col">Fields</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((entry) => (
                      <tr key={`${entry.kind}:${entry.id}`}>
                        <td>{entry.change}</td>
                        <td>{entry.kind}</td>
                        <th scope="row">
                          {entry.name ?? ''} <code>{entry.id}</code>
                        </th>
                        <td>{entry.fields.length > 0 ? entry.fields.join(', ') : '—'}</td>
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
            <p>Published.</p>
            <KeyValues
              entries={Object.entries(publish.state.result ?? {}).map(([key, value]) => [
                key,
                typeof value === 'object' ? JSON.stringify(value) : String(value),
              ])}
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
