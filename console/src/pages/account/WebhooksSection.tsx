import { useState } from 'preact/hooks';
import type { Webhook, WebhookDelivery } from '../../api/types.ts';
import { useConsole } from '../../context.ts';
import {
  AsyncView,
  DateTime,
  KeyValues,
  ProblemAlert,
  ScrollRegion,
  StatusBadge,
  WriteButton,
} from '../../ui/components.tsx';
import { useAction, useAsync } from '../../ui/hooks.ts';

export function WebhooksSection({ accountId }: { accountId: string }) {
  const { api } = useConsole();
  const subscriptions = useAsync(() => api.listWebhooks(accountId), [api, accountId]);
  return (
    <section aria-labelledby="webhooks">
      <h2 id="webhooks" tabIndex={-1}>
        Webhooks
      </h2>
      <AsyncView state={subscriptions.state} label="the webhook subscription" onRetry={subscriptions.reload}>
        {(page) =>
          page.data.length === 0 ? (
            <p>This account has no webhook subscription.</p>
          ) : (
            page.data.map((webhook) => (
              <Subscription key={webhook.id} accountId={accountId} webhook={webhook} />
            ))
          )
        }
      </AsyncView>
    </section>
  );
}

function Subscription({ accountId, webhook }: { accountId: string; webhook: Webhook }) {
  const { api } = useConsole();
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const deliveries = useAsync(
    () => api.listWebhookDeliveries(accountId, webhook.id, { limit: 50, cursor }),
    [api, accountId, webhook.id, cursor],
  );
  return (
    <>
      <KeyValues
        entries={[
          [
            'URL',
            <code key="url" class="wrap">
              {webhook.url}
            </code>,
          ],
          ['Status', <StatusBadge key="status" status={webhook.status} />],
          ['Disabled because', webhook.disabled_reason ?? '—'],
          [
            'Previous secret valid until',
            <DateTime key="rotation" value={webhook.secret_rotation?.previous_secret_valid_until} />,
          ],
          ['Created', <DateTime key="created" value={webhook.created_at} />],
        ]}
      />
      <h3>Deliveries</h3>
      <AsyncView state={deliveries.state} label="deliveries" onRetry={deliveries.reload}>
        {(page) => (
          <>
            {page.data.length === 0 ? (
              <p>No deliveries on this page.</p>
            ) : (
              <ScrollRegion label="Deliveries table">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Event</th>
                      <th scope="col">Status</th>
                      <th scope="col">Attempts</th>
                      <th scope="col">Next attempt</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.data.map((delivery) => (
                      <DeliveryRow
                        key={delivery.id}
                        accountId={accountId}
                        webhookId={webhook.id}
                        delivery={delivery}
                      />
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
            <p>
              {cursor && (
                <button type="button" class="secondary" onClick={() => setCursor(undefined)}>
                  Newest deliveries
                </button>
              )}{' '}
              {page.next_cursor && (
                <button
                  type="button"
                  class="secondary"
                  onClick={() => setCursor(page.next_cursor ?? undefined)}
                >
                  Older deliveries
                </button>
              )}
            </p>
          </>
        )}
      </AsyncView>
    </>
  );
}

function DeliveryRow({
  accountId,
  webhookId,
  delivery,
}: {
  accountId: string;
  webhookId: string;
  delivery: WebhookDelivery;
}) {
  const { api, announce } = useConsole();
  const redeliver = useAction(async () => {
    const result = await api.redeliver(accountId, webhookId, delivery.id);
    announce(`Event ${delivery.id} queued for redelivery.`);
    return result;
  });
  const last = delivery.attempts.at(-1);
  return (
    <tr>
      <th scope="row">
        {delivery.event.event}
        <br />
        <code>{delivery.id}</code>
        <br />
        <DateTime value={delivery.event.timestamp} />
      </th>
      <td>
        <StatusBadge status={delivery.status} />
        {delivery.status_reason && <small> {delivery.status_reason}</small>}
      </td>
      <td>
        {delivery.attempts.length}
        {last && (
          <small>
            {' '}
            (last: {last.status_code ?? last.error ?? 'no answer'}, {last.latency_ms} ms)
          </small>
        )}
      </td>
      <td>
        <DateTime value={delivery.next_attempt_at} />
      </td>
      <td>
        {redeliver.state.status === 'error' && <ProblemAlert problem={redeliver.state.problem} />}
        {redeliver.state.status === 'done' && <span role="status">Queued.</span>}
        <WriteButton running={redeliver.state.status === 'running'} onClick={() => void redeliver.run()}>
          Redeliver <span class="visually-hidden">{delivery.id}</span>
        </WriteButton>
      </td>
    </tr>
  );
}
