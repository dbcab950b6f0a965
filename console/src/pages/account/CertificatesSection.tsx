import { useCallback, useMemo, useState } from 'preact/hooks';
import type { Certificate, IssuedCertificate } from '../../api/types.ts';
import { useConsole } from '../../context.ts';
import {
  AsyncView,
  ConfirmAction,
  CopyButton,
  DateTime,
  Field,
  ProblemAlert,
  ScrollRegion,
  StatusBadge,
  WriteButton,
  WriteForm,
} from '../../ui/components.tsx';
import { FormErrors, useFieldErrors } from '../../ui/FormErrors.tsx';
import { useAction, useAsync, useIdempotencyKey } from '../../ui/hooks.ts';

/** The account's mTLS client certificates (docs/accounts.md, Certificates): list, add from a CSR, revoke. */
export function CertificatesSection({ accountId }: { accountId: string }) {
  const { api } = useConsole();
  const list = useAsync(() => api.listCertificates(accountId), [api, accountId]);
  const [issued, setIssued] = useState<IssuedCertificate>();

  const replace = (changed: Certificate) => {
    if (list.state.status !== 'ready') return;
    const { items } = list.state.data;
    list.setState({
      status: 'ready',
      data: { items: items.map((item) => (item.serial_number === changed.serial_number ? changed : item)) },
    });
  };

  return (
    <section aria-labelledby="certificates">
      <h2 id="certificates" tabIndex={-1}>
        Certificates
      </h2>
      <p>At most 3 active certificates. Calls with a revoked certificate are refused within a minute.</p>
      {issued && <IssuedCertificateResult certificate={issued} onHide={() => setIssued(undefined)} />}
      <AsyncView state={list.state} label="certificates" onRetry={list.reload}>
        {({ items }) => (
          <ScrollRegion label="Certificates table">
            <table>
              <thead>
                <tr>
                  <th scope="col">Serial number</th>
                  <th scope="col">SHA-256 fingerprint</th>
                  <th scope="col">Valid from</th>
                  <th scope="col">Valid until</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {items.map((certificate) => (
                  <CertificateRow
                    key={certificate.serial_number}
                    accountId={accountId}
                    certificate={certificate}
                    lastActive={
                      certificate.status === 'Active' &&
                      items.filter((item) => item.status === 'Active').length === 1
                    }
                    onChanged={replace}
                  />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </AsyncView>
      <AddCertificate
        accountId={accountId}
        onAdded={(certificate) => {
          setIssued(certificate);
          list.reload();
        }}
      />
    </section>
  );
}

function CertificateRow({
  accountId,
  certificate,
  lastActive,
  onChanged,
}: {
  accountId: string;
  certificate: Certificate;
  lastActive: boolean;
  onChanged: (certificate: Certificate) => void;
}) {
  const { api, announce } = useConsole();
  const serial = certificate.serial_number;
  const revoke = useAction(async () => {
    const revoked = await api.revokeCertificate(accountId, serial);
    onChanged(revoked);
    announce(`Certificate ${serial} revoked.`);
    return revoked;
  });
  return (
    <tr>
      <th scope="row">
        <code>{serial}</code>
      </th>
      <td>
        <code class="wrap">{certificate.fingerprint_sha256}</code>
      </td>
      <td>
        <DateTime value={certificate.not_before} />
      </td>
      <td>
        <DateTime value={certificate.not_after} />
      </td>
      <td>
        <StatusBadge status={certificate.status} />
      </td>
      <td class="actions">
        {revoke.state.status === 'error' && <ProblemAlert problem={revoke.state.problem} />}
        {certificate.status === 'Active' && (
          <ConfirmAction
            label={`Revoke certificate ${serial}`}
            danger
            confirmLabel="Revoke"
            running={revoke.state.status === 'running'}
            question={
              lastActive
                ? 'This is the account’s last active certificate: revoking it cuts the partner off (every call refused within a minute) until it gets a new one.'
                : 'Calls with this certificate are refused within a minute. The account’s other certificates keep working.'
            }
            onConfirm={() => void revoke.run()}
          />
        )}
      </td>
    </tr>
  );
}

function AddCertificate({
  accountId,
  onAdded,
}: {
  accountId: string;
  onAdded: (certificate: IssuedCertificate) => void;
}) {
  const { api, announce } = useConsole();
  const [csr, setCsr] = useState('');
  const keyFor = useIdempotencyKey();
  const add = useAction(
    useCallback(
      (input: { csr_pem: string }) => api.addCertificate(accountId, input, keyFor(input)),
      [api, accountId, keyFor],
    ),
  );
  const errors = useFieldErrors(add.state, ['csr_pem']);

  const submit = async (event: Event) => {
    event.preventDefault();
    const added = await add.run({ csr_pem: csr.trim() });
    if (added) {
      announce(`Certificate ${added.serial_number} added; its PEM is shown below.`);
      setCsr('');
      onAdded(added);
    }
  };

  return (
    <WriteForm onSubmit={submit} noValidate aria-labelledby="add-certificate">
      <h3 id="add-certificate">Add a certificate</h3>
      <FormErrors state={add.state} errors={errors.unassigned} />
      <Field
        id="certificate-csr"
        label="Certificate signing request (PEM text)"
        hint="PKCS#10 from the partner's new key: RSA of at least 2048 bits or ECDSA P-256/384/521."
        errors={errors.byField.get('csr_pem')}
      >
        {(aria) => (
          <textarea
            {...aria}
            rows={6}
            class="mono"
            required
            value={csr}
            onInput={(e) => setCsr(e.currentTarget.value)}
          />
        )}
      </Field>
      <WriteButton type="submit" running={add.state.status === 'running'}>
        Add certificate
      </WriteButton>
    </WriteForm>
  );
}

function IssuedCertificateResult({
  certificate,
  onHide,
}: {
  certificate: IssuedCertificate;
  onHide: () => void;
}) {
  const download = useMemo(
    () => URL.createObjectURL(new Blob([certificate.certificate_pem], { type: 'application/x-pem-file' })),
    [certificate.certificate_pem],
  );
  return (
    <article aria-labelledby="issued-certificate" class="secret-box">
      <h3 id="issued-certificate">Certificate {certificate.serial_number} added</h3>
      <p>Send the partner this client certificate. It is shown here once; the list shows its serial.</p>
      <label for="issued-certificate-pem">Client certificate (PEM)</label>
      <textarea
        id="issued-certificate-pem"
        class="mono"
        rows={6}
        readOnly
        value={certificate.certificate_pem}
      />
      <p>
        <CopyButton text={certificate.certificate_pem} label="Copy certificate" />{' '}
        <a href={download} download={`${certificate.serial_number}.pem`}>
          Download certificate
        </a>
      </p>
      <button type="button" class="secondary" onClick={onHide}>
        Hide the certificate
      </button>
    </article>
  );
}
