import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { ErrorAlert } from './errors.tsx';

interface Props {
  title: string;
  opened?: boolean;
  onClose: () => void;
  /** Called on submit (Enter or the button); the form does not reload the page. */
  onSubmit: () => void;
  submitLabel: string;
  busy: boolean;
  /** The refusal to show under the fields (the fields show their own messages). */
  error: unknown;
  size?: ModalProps['size'];
  children: ReactNode;
}

/** A dialog holding one form: its fields, the API's refusal in words, Cancel and the submit button. */
export function FormModal({ title, opened = true, onClose, onSubmit, submitLabel, busy, error, size, children }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <form onSubmit={submit}>
        <Stack>
          {children}
          <ErrorAlert error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
