/** The profile fields an account update may carry (spec 000 §3 "Customer"). */
export interface ProfileUpdate {
  firstname?: string;
  lastname?: string;
  email?: string;
  date_of_birth?: string | null;
  mobile_number?: string | null;
}

const isEmpty = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Account update (spec 000 §5): an empty date_of_birth is dropped; an empty mobile_number is replaced by a dash.
 * "Empty" is null, '' or only whitespace. A field the form did not send stays absent: the rule cleans what was sent.
 */
export function normalizeProfileUpdate<T extends ProfileUpdate>(update: T): T {
  const out: T = { ...update };
  if ('date_of_birth' in out && (isEmpty(out.date_of_birth) || out.date_of_birth === undefined))
    delete out.date_of_birth;
  if ('mobile_number' in out && (isEmpty(out.mobile_number) || out.mobile_number === undefined)) {
    (out as ProfileUpdate).mobile_number = '-';
  }
  return out;
}
