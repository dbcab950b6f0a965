/**
 * The rules of the admin forms that span fields (shared/schemas/catalog-admin.ts): plain functions
 * without zod. Each form has its problems, reported at their own paths (a duplicate at its second
 * occurrence).
 */

export interface FormProblem {
  message: string;
  path: (string | number)[];
}

/** Duplicates in a list, each at its second occurrence. */
function duplicates<T>(
  values: readonly T[],
  path: (index: number) => (string | number)[],
  key: (value: T) => unknown = (value) => value,
): FormProblem[] {
  const seen = new Set<unknown>();
  const problems: FormProblem[] = [];
  values.forEach((value, index) => {
    const identity = key(value);
    if (seen.has(identity)) problems.push({ message: 'Listed twice', path: path(index) });
    seen.add(identity);
  });
  return problems;
}

interface ServiceForm {
  business_hours: readonly { day: number }[];
  required_booking_info: readonly string[];
  images: readonly { image_id: string }[];
}

interface LoungeForm extends ServiceForm {
  landside?: boolean | undefined;
  airside_zone?: string | undefined;
  amenity_ids: readonly string[];
  paid_amenity_ids: readonly string[];
}

/** A lounge's or fast track's: no day, booking field or image twice. */
export function serviceFormProblems(form: ServiceForm): FormProblem[] {
  return [
    ...duplicates(
      form.business_hours,
      (index) => ['business_hours', index, 'day'],
      (day) => day.day,
    ),
    ...duplicates(form.required_booking_info, (index) => ['required_booking_info', index]),
    ...duplicates(
      form.images,
      (index) => ['images', index, 'image_id'],
      (image) => image.image_id,
    ),
  ];
}

/** A lounge's: the service's rules, each amenity once, paid ones among them, a zone only airside. */
export function loungeFormProblems(form: LoungeForm): FormProblem[] {
  const problems = [
    ...serviceFormProblems(form),
    ...duplicates(form.amenity_ids, (index) => ['amenity_ids', index]),
    ...duplicates(form.paid_amenity_ids, (index) => ['paid_amenity_ids', index]),
  ];
  form.paid_amenity_ids.forEach((id, index) => {
    if (!form.amenity_ids.includes(id))
      problems.push({ message: 'Not in amenity_ids', path: ['paid_amenity_ids', index] });
  });
  if (form.airside_zone !== undefined && form.landside !== false)
    problems.push({ message: 'airside_zone is meaningful only with landside false', path: ['airside_zone'] });
  return problems;
}

/** A tariff's: each country once. */
export const tariffFormProblems = (form: { coverage: readonly string[] }): FormProblem[] =>
  duplicates(form.coverage, (index) => ['coverage', index]);

/** A contract's list of ids names each once. */
export const listsEachOnce = (ids: readonly unknown[]): boolean => new Set(ids).size === ids.length;
