import { Alert, List } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { TenantbaseError } from '@tenantbase/client';

/** Titles a person understands, per error code of the service's envelope. */
const TITLES: Record<TenantbaseError['code'], string> = {
  VALIDATION_ERROR: 'Some values are not valid',
  BUSINESS_RULE_ERROR: 'A business rule refused this change',
  UNAUTHORIZED: 'Not signed in, or the sign-in was refused',
  FORBIDDEN: 'Your role does not allow this',
  NOT_FOUND: 'Not found',
  CONFLICT: 'This clashes with something that already exists',
  PAYLOAD_TOO_LARGE: 'Too much data in one request',
  REQUEST_TIMEOUT: 'The service took too long to answer',
  URI_TOO_LONG: 'The request was too long (too many filters or values)',
  HEADERS_TOO_LARGE: 'The request carried too much header data',
  RATE_LIMITED: 'Too many attempts',
  INTERNAL_ERROR: 'Something went wrong in the service',
  NETWORK_ERROR: 'The service cannot be reached',
};

export interface DescribedError {
  title: string;
  message: string;
  details: { field: string; message: string }[];
}

/** Any thrown value as words: the service's own message, never the raw envelope. */
export function describeError(error: unknown): DescribedError {
  if (error instanceof TenantbaseError) {
    let message = error.message;
    if (error.code === 'RATE_LIMITED' && error.retryAfter) {
      message += ` Try again in ${Math.ceil(error.retryAfter / 60)} minute(s).`;
    }
    if (error.code === 'NETWORK_ERROR') message = 'Check that the service is running and your network connection, then try again.';
    const details = error.details
      .filter((d) => typeof d.message === 'string')
      .map((d) => ({ field: typeof d.field === 'string' ? d.field : '', message: String(d.message) }));
    return { title: TITLES[error.code], message, details };
  }
  return { title: 'Something went wrong', message: error instanceof Error ? error.message : String(error), details: [] };
}

/**
 * The messages of a refused input keyed by the name of the offending value: its full path
 * (`config.options`) and its last segment (`options`), so a form finds them under its own names.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of describeError(error).details) {
    if (!d.field) continue;
    out[d.field] ??= d.message;
    const last = d.field.split('.').pop();
    if (last) out[last] ??= d.message;
  }
  return out;
}

export function ErrorAlert({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const described = describeError(error);
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={title ?? described.title} role="alert">
      {described.message}
      {described.details.length > 1 && (
        <List size="sm" mt="xs">
          {described.details.map((d, i) => (
            <List.Item key={i}>{d.field ? `${d.field}: ${d.message}` : d.message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

export function notifyError(error: unknown, title?: string): void {
  const described = describeError(error);
  notifications.show({ color: 'red', title: title ?? described.title, message: described.message, autoClose: 8000 });
}

export function notifyDone(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 4000 });
}
