import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifyDone, notifyError } from './errors.tsx';

interface Danger {
  title: string;
  body: string;
  confirmLabel: string;
  /** The API call; its refusal is shown under `failedTitle`. */
  action: () => Promise<unknown>;
  doneMessage: string;
  failedTitle: string;
  /** After success, e.g. refreshing a list or leaving the page. */
  then?: () => unknown;
}

/** Asks before a destructive call, then reports how it went. */
export function confirmDanger({ title, body, confirmLabel, action, doneMessage, failedTitle, then }: Danger): void {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{body}</Text>,
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      void action()
        .then(async () => {
          notifyDone(doneMessage);
          await then?.();
        })
        .catch((error: unknown) => notifyError(error, failedTitle)),
  });
}
