import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useLocation } from 'wouter-preact';
import { type Problem, problemMessage } from '../api/problem.ts';
import { useConsole } from '../context.ts';
import type { ActionState, AsyncState } from './hooks.ts';

/**
 * Heading of a page: takes focus whenever the route changes, so keyboard and screen-reader users start on
 * the new page. The heading focuses itself, at commit, because only it knows when it is in the document.
 */
export function PageTitle({ children }: { children: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [location] = useLocation();
  useLayoutEffect(() => heading.current?.focus(), [location]);
  return (
    <h1 ref={heading} tabIndex={-1} data-page-title>
      {children}
    </h1>
  );
}

/** The next page of a list: the problem when loading it failed, and the button while there is more. */
export function LoadMore({
  label,
  more,
  hasMore,
}: {
  label: string;
  more: { state: ActionState<unknown>; run: () => Promise<unknown> };
  hasMore: boolean;
}) {
  const running = more.state.status === 'running';
  return (
    <>
      {more.state.status === 'error' && <ProblemAlert problem={more.state.problem} />}
      {hasMore && (
        <button
          type="button"
          class="secondary"
          aria-busy={running ? 'true' : undefined}
          disabled={running}
          onClick={() => void more.run()}
        >
          {label}
        </button>
      )}
    </>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <p role="status" aria-live="polite" aria-busy="true">
      {label}
    </p>
  );
}

export function ProblemAlert({ problem, onRetry }: { problem: Problem; onRetry?: () => void }) {
  return (
    <div role="alert" class="problem">
      <strong>{problem.title}</strong>
      {problemMessage(problem) !== problem.title && <p>{problemMessage(problem)}</p>}
      <small>
        {problem.status > 0 && `HTTP ${problem.status} · `}
        {problem.code}
        {problem.request_id && ` · request ${problem.request_id}`}
      </small>
      {onRetry && (
        <p>
          <button type="button" class="secondary" onClick={onRetry}>
            Try again
          </button>
        </p>
      )}
    </div>
  );
}

/** Loading, problem or content: no section ever renders blank. */
export function AsyncView<T>({
  state,
  label,
  onRetry,
  children,
}: {
  state: AsyncState<T>;
  label: string;
  onRetry?: () => void;
  children: (data: T) => ComponentChildren;
}) {
  if (state.status === 'loading') return <Loading label={`Loading ${label}…`} />;
  if (state.status === 'error')
    return <ProblemAlert problem={state.problem} {...(onRetry ? { onRetry } : {})} />;
  return <>{children(state.data)}</>;
}

export function ReadOnlyNotice() {
  const { canWrite } = useConsole();
  if (canWrite) return null;
  return (
    <p class="notice" id="read-only-notice">
      Read-only: your role can view but not change anything.
    </p>
  );
}

/**
 * A form that changes something. For read-only employees one disabled fieldset disables every control
 * in it natively (fields, choices, file pickers and the submit button), so none is offered.
 */
export function WriteForm({ children, ...props }: JSX.FormHTMLAttributes<HTMLFormElement>) {
  const { canWrite } = useConsole();
  return (
    <form noValidate {...props}>
      <fieldset class="write-form" disabled={!canWrite}>
        {children}
      </fieldset>
    </form>
  );
}

/** A submit or action button that is disabled for read-only employees and while its action runs. */
export function WriteButton({
  running,
  children,
  ...props
}: JSX.ButtonHTMLAttributes<HTMLButtonElement> & { running?: boolean }) {
  const { canWrite } = useConsole();
  return (
    <button
      type="button"
      {...props}
      disabled={!canWrite || running || Boolean(props.disabled)}
      aria-busy={running ? 'true' : undefined}
      {...(!canWrite ? { 'aria-describedby': 'read-only-notice' } : {})}
    >
      {children}
    </button>
  );
}

export function DateTime({ value }: { value: string | null | undefined }) {
  if (!value) return <span>—</span>;
  const date = new Date(value);
  return (
    <time dateTime={value} title={value}>
      {Number.isNaN(date.getTime()) ? value : date.toLocaleString()}
    </time>
  );
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <span class="copy">
      <button
        type="button"
        class="secondary outline"
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setCopied('copied'),
            () => setCopied('failed'),
          )
        }
      >
        {label}
      </button>
      <span role="status" aria-live="polite">
        {copied === 'copied'
          ? 'Copied.'
          : copied === 'failed'
            ? 'Copy failed: select the text and copy it.'
            : ''}
      </span>
    </span>
  );
}

/** A secret the API returns once: shown in a read-only field with a copy button, never stored. */
export function SecretOnce({ label, secret }: { label: string; secret: string }) {
  const id = useId();
  return (
    <fieldset class="secret">
      <legend class="visually-hidden">{label}</legend>
      <label id={`${id}-label`} for={id}>
        {label}
      </label>
      <input id={id} type="text" readOnly value={secret} spellcheck={false} autocomplete="off" />
      <CopyButton text={secret} label={`Copy ${label.toLowerCase()}`} />
      <p>
        <strong>Shown once.</strong> Copy it now: the service keeps only a hash and cannot show it again.
      </p>
    </fieldset>
  );
}

/**
 * A write that needs a second thought (disable, rotate, publish): a native modal dialog asks first,
 * which keeps focus inside it and returns focus to the button afterwards.
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  running,
  onConfirm,
  danger,
}: {
  label: string;
  question: ComponentChildren;
  confirmLabel: string;
  running?: boolean;
  onConfirm: () => void;
  danger?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  return (
    <>
      <WriteButton
        class={danger ? 'contrast' : ''}
        running={running ?? false}
        onClick={() => dialog.current?.showModal()}
      >
        {label}
      </WriteButton>
      <dialog ref={dialog} aria-labelledby={`${id}-title`}>
        <article>
          <h2 id={`${id}-title`}>{label}</h2>
          <p>{question}</p>
          <footer>
            <button type="button" class="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </button>{' '}
            <button
              type="button"
              class={danger ? 'contrast' : ''}
              onClick={() => {
                dialog.current?.close();
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </footer>
        </article>
      </dialog>
    </>
  );
}

/**
 * A wide table or text that scrolls sideways: focusable and named, so keyboard users can scroll it
 * (WCAG 2.1.1; axe scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
    <section class="table-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}

export function KeyValues({ entries }: { entries: [string, ComponentChildren][] }) {
  return (
    <dl class="key-values">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge badge-${status.toLowerCase()}`}>{status}</span>;
}

/** Field wrapper: a label, the control, its hint and its error messages wired with aria-describedby. */
export function Field({
  id,
  label,
  hint,
  errors,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  errors?: readonly string[] | undefined;
  children: (aria: { id: string; 'aria-invalid'?: 'true'; 'aria-describedby'?: string }) => ComponentChildren;
}) {
  const describedBy = [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children({
        id,
        ...(errors?.length ? { 'aria-invalid': 'true' as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      )}
      {errors?.length ? (
        <small id={`${id}-error`} class="field-error">
          {errors.join(' ')}
        </small>
      ) : null}
    </div>
  );
}

/** Announces a finished action in the page's live region and shows it beside the form. */
export function useAnnounceDone(done: boolean, message: string) {
  const { announce } = useConsole();
  useEffect(() => {
    if (done) announce(message);
  }, [done, message, announce]);
}
