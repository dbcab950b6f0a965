import { useState } from 'preact/hooks';
import { ProblemError } from '../../api/problem.ts';
import type { EsimPoolCounts } from '../../api/types.ts';
import { useConsole } from '../../context.ts';
import { AsyncView, Field, KeyValues, WriteButton } from '../../ui/components.tsx';
import { FormErrors, useFieldErrors } from '../../ui/FormErrors.tsx';
import { useAction, useAsync } from '../../ui/hooks.ts';
import { describeIccidErrors, parseIccidList } from './iccids.ts';

function Counts({ counts }: { counts: EsimPoolCounts }) {
  const numeric = Object.entries(counts).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number',
  );
  if (numeric.length === 0) return <p>The pool reports no counts.</p>;
  return <KeyValues entries={numeric.map(([name, value]) => [name.replace(/_/g, ' '), String(value)])} />;
}

export function EsimSection({ accountId }: { accountId: string }) {
  const { api, announce } = useConsole();
  const pool = useAsync(async () => {
    try {
      return await api.getEsimPool(accountId);
    } catch (error) {
      // An account that never had ICCIDs loaded may have no pool yet.
      if (error instanceof ProblemError && error.problem.status === 404) return {};
      throw error;
    }
  }, [api, accountId]);
  const [text, setText] = useState('');
  const [resellerId, setResellerId] = useState('');
  const parsed = parseIccidList(text);
  const load = useAction(async (iccids: string[]) => {
    const counts = await api.loadEsimPool(accountId, iccids);
    announce('ICCIDs loaded into the pool.');
    setText('');
    pool.reload();
    return counts;
  });
  const link = useAction(async (id: string) => {
    const result = await api.linkEsimReseller(accountId, id);
    announce('Reseller linked.');
    return result;
  });
  const loadErrors = useFieldErrors(load.state, ['iccids']);
  const linkErrors = useFieldErrors(link.state, ['reseller_id']);

  const readFile = async (file: File | undefined) => {
    if (file) setText(await file.text());
  };

  return (
    <section aria-labelledby="esim">
      <h2 id="esim" tabIndex={-1}>
        eSIM
      </h2>
      <h3>ICCID pool</h3>
      <AsyncView state={pool.state} label="the ICCID pool" onRetry={pool.reload}>
        {(counts) => <Counts counts={counts} />}
      </AsyncView>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void load.run(parsed.iccids);
        }}
        noValidate
      >
        <FormErrors state={load.state} errors={loadErrors.unassigned} />
        <Field
          id="iccid-file"
          label="ICCID file (text or CSV)"
          hint="One ICCID per line, or separated by commas."
        >
          {(aria) => (
            <input
              {...aria}
              type="file"
              accept=".txt,.csv,text/plain,text/csv"
              onChange={(e) => void readFile(e.currentTarget.files?.[0])}
            />
          )}
        </Field>
        <Field
          id="iccid-list"
          label="ICCIDs to load"
          hint="19 or 20 digits starting with 89; the whole list is refused if one is invalid."
          errors={describeIccidErrors(loadErrors.byField.get('iccids'), load.state, parsed.iccids)}
        >
          {(aria) => (
            <textarea
              {...aria}
              rows={5}
              class="mono"
              value={text}
              onInput={(e) => setText(e.currentTarget.value)}
            />
          )}
        </Field>
        <p role="status" aria-live="polite">
          {parsed.iccids.length} ICCIDs ready
          {parsed.duplicates > 0 ? `, ${parsed.duplicates} duplicates dropped` : ''}.
        </p>
        <WriteButton
          type="submit"
          running={load.state.status === 'running'}
          disabled={parsed.iccids.length === 0}
        >
          Load ICCIDs
        </WriteButton>
        {load.state.status === 'done' && (
          <div role="status">
            <h4>Result</h4>
            <Counts counts={load.state.result} />
          </div>
        )}
      </form>
      <h3>Reseller link</h3>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void link.run(resellerId.trim());
        }}
        noValidate
      >
        <FormErrors state={link.state} errors={linkErrors.unassigned} />
        <Field id="reseller-id" label="Reseller id" errors={linkErrors.byField.get('reseller_id')}>
          {(aria) => (
            <input
              {...aria}
              type="text"
              value={resellerId}
              onInput={(e) => setResellerId(e.currentTarget.value)}
            />
          )}
        </Field>
        <WriteButton type="submit" running={link.state.status === 'running'}>
          Link reseller
        </WriteButton>
        {link.state.status === 'done' && <p role="status">The reseller is linked.</p>}
      </form>
    </section>
  );
}
