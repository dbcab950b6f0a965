import { useMemo, useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import type { CatalogItem, CatalogKind } from '../api/types.ts';
import {
  buildRequestBody,
  describeFields,
  FieldParseError,
  type FieldValue,
  type FormField,
  getAtPath,
  toFieldValue,
} from '../catalog/form-model.ts';
import { displayName, isActive, isCatalogKind, kindLabels } from '../catalog/kinds.ts';
import { createTemplates, withRequiredFields } from '../catalog/templates.ts';
import { useConsole } from '../context.ts';
import {
  AsyncView,
  ConfirmAction,
  Field,
  PageTitle,
  ProblemAlert,
  ReadOnlyNotice,
  StatusBadge,
  WriteButton,
  WriteForm,
} from '../ui/components.tsx';
import { FormErrors, useFieldErrors } from '../ui/FormErrors.tsx';
import { type ActionState, useAction, useAsync, useIdempotencyKey } from '../ui/hooks.ts';
import { CatalogNav } from './CatalogNav.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

export function CatalogItemPage({ kind, itemId }: { kind: string; itemId?: string }) {
  if (!isCatalogKind(kind)) return <NotFoundPage />;
  return itemId ? <EditItem kind={kind} itemId={itemId} /> : <NewItem kind={kind} />;
}

function NewItem({ kind }: { kind: CatalogKind }) {
  const template = useMemo(() => createTemplates[kind](), [kind]);
  return (
    <>
      <Breadcrumb kind={kind} current={`New ${kindLabels[kind].singular}`} />
      <PageTitle>New {kindLabels[kind].singular}</PageTitle>
      <CatalogNav current={kind} />
      <ReadOnlyNotice />
      <ItemForm kind={kind} item={template} />
    </>
  );
}

function EditItem({ kind, itemId }: { kind: CatalogKind; itemId: string }) {
  const { api, announce } = useConsole();
  const item = useAsync(() => api.getCatalogItem(kind, itemId), [api, kind, itemId]);
  const title = item.state.status === 'ready' ? displayName(item.state.data) : kindLabels[kind].singular;
  const deactivate = useAction(async () => {
    const changed = await api.deactivateCatalogItem(kind, itemId);
    item.setState({ status: 'ready', data: changed });
    announce(`${title} deactivated in the draft.`);
    return changed;
  });
  const [, navigate] = useLocation();
  const remove = useAction(async () => {
    await api.deleteAmenity(itemId);
    announce(`${title} deleted from the draft.`);
    navigate(`/catalog/${kind}`);
  });
  return (
    <>
      <Breadcrumb kind={kind} current={title} />
      <PageTitle>
        {kindLabels[kind].title}: {title}
      </PageTitle>
      <CatalogNav current={kind} />
      <ReadOnlyNotice />
      <AsyncView state={item.state} label={`the ${kindLabels[kind].singular}`} onRetry={item.reload}>
        {(data) => (
          <>
            <p>
              Status: <StatusBadge status={isActive(data) ? 'Active' : 'Inactive'} />
            </p>
            {deactivate.state.status === 'error' && <ProblemAlert problem={deactivate.state.problem} />}
            {remove.state.status === 'error' && <ProblemAlert problem={remove.state.problem} />}
            <div class="actions">
              {isActive(data) && (
                <ConfirmAction
                  label={`Deactivate ${kindLabels[kind].singular}`}
                  danger
                  confirmLabel="Deactivate"
                  running={deactivate.state.status === 'running'}
                  question="Partners stop seeing it after the next publish. Items are never deleted."
                  onConfirm={() => void deactivate.run()}
                />
              )}{' '}
              {kind === 'amenities' && (
                <ConfirmAction
                  label="Delete amenity"
                  danger
                  confirmLabel="Delete"
                  running={remove.state.status === 'running'}
                  question="An amenity a lounge still uses cannot be deleted."
                  onConfirm={() => void remove.run()}
                />
              )}
            </div>
            <ItemForm
              kind={kind}
              item={withRequiredFields(kind, data)}
              onSaved={(saved) => item.setState({ status: 'ready', data: saved })}
            />
          </>
        )}
      </AsyncView>
    </>
  );
}

function Breadcrumb({ kind, current }: { kind: CatalogKind; current: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <ul>
        <li>
          <Link href={`/catalog/${kind}`}>{kindLabels[kind].plural}</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ul>
    </nav>
  );
}

function fieldId(path: string): string {
  return `item-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

function ItemForm({
  kind,
  item,
  onSaved,
}: {
  kind: CatalogKind;
  item: Record<string, unknown>;
  onSaved?: (item: CatalogItem) => void;
}) {
  const { api, announce, canWrite } = useConsole();
  const [, navigate] = useLocation();
  const fields = useMemo(() => describeFields(item), [item]);
  const [values, setValues] = useState<Map<string, FieldValue>>(
    () => new Map(fields.map((field) => [field.path, toFieldValue(field, getAtPath(item, field.path))])),
  );
  const [parseErrors, setParseErrors] = useState<Map<string, string>>(new Map());
  const itemId = typeof item.id === 'string' ? item.id : undefined;

  const keyFor = useIdempotencyKey();
  const save = useAction(async (body: Record<string, unknown>) => {
    const saved = itemId
      ? await api.replaceCatalogItem(kind, itemId, body)
      : await api.createCatalogItem(kind, body, keyFor(body));
    announce(`${displayName(saved)} saved to the draft.`);
    if (itemId) onSaved?.(saved);
    else navigate(`/catalog/${kind}/${saved.id}`);
    return saved;
  });
  const errors = useFieldErrors(
    save.state,
    fields.map((field) => field.path),
  );

  const submit = (event: Event) => {
    event.preventDefault();
    try {
      setParseErrors(new Map());
      void save.run(buildRequestBody(item, fields, values));
    } catch (error) {
      if (error instanceof FieldParseError) {
        setParseErrors(new Map([[error.path, error.message]]));
        document.getElementById(fieldId(error.path))?.focus();
      } else {
        throw error;
      }
    }
  };

  return (
    <WriteForm onSubmit={submit} noValidate aria-label={`${kindLabels[kind].singular} form`}>
      <FormErrors state={save.state as ActionState<unknown>} errors={errors.unassigned} />
      {fields.map((field) => (
        <FieldControl
          key={field.path}
          field={field}
          value={values.get(field.path) ?? ''}
          disabled={!canWrite || field.readOnly}
          errors={[
            ...(errors.byField.get(field.path) ?? []),
            ...(parseErrors.has(field.path) ? [parseErrors.get(field.path) ?? ''] : []),
          ]}
          onChange={(value) => setValues((current) => new Map(current).set(field.path, value))}
        />
      ))}
      <WriteButton type="submit" running={save.state.status === 'running'}>
        {itemId ? 'Save to draft' : `Create ${kindLabels[kind].singular}`}
      </WriteButton>
    </WriteForm>
  );
}

function FieldControl({
  field,
  value,
  disabled,
  errors,
  onChange,
}: {
  field: FormField;
  value: FieldValue;
  disabled: boolean;
  errors: string[];
  onChange: (value: FieldValue) => void;
}) {
  const id = fieldId(field.path);
  if (field.kind === 'boolean') {
    return (
      <div class="field">
        <label>
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            disabled={disabled}
            aria-invalid={errors.length ? 'true' : undefined}
            aria-describedby={errors.length ? `${id}-error` : undefined}
            onChange={(e) => onChange(e.currentTarget.checked)}
          />{' '}
          {field.label}
        </label>
        {errors.length > 0 && (
          <small id={`${id}-error`} class="field-error">
            {errors.join(' ')}
          </small>
        )}
      </div>
    );
  }
  const hint =
    field.kind === 'list'
      ? 'One per line.'
      : field.kind === 'json'
        ? 'JSON.'
        : field.readOnly
          ? 'Set by the service.'
          : undefined;
  return (
    <Field id={id} label={field.label} errors={errors} {...(hint ? { hint } : {})}>
      {(aria) =>
        field.kind === 'list' || field.kind === 'json' ? (
          <textarea
            {...aria}
            class="mono"
            rows={field.kind === 'json' ? 6 : 3}
            readOnly={disabled}
            value={String(value)}
            onInput={(e) => onChange(e.currentTarget.value)}
          />
        ) : (
          <input
            {...aria}
            type={field.kind === 'number' ? 'number' : 'text'}
            step={field.kind === 'number' ? 'any' : undefined}
            readOnly={disabled}
            value={String(value)}
            onInput={(e) => onChange(e.currentTarget.value)}
          />
        )
      }
    </Field>
  );
}
