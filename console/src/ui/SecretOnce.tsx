import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A secret the service shows only once (an API key, a bot's secret): copy it now. */
export function SecretOnce({
  secret,
  label,
  copyLabel,
  notice,
  children,
  onDone,
}: {
  secret: string;
  /** The accessible name of the secret's block, e.g. "The new API key". */
  label: string;
  copyLabel: string;
  notice: ReactNode;
  /** Shown between the notice and the secret (e.g. the id the secret goes with). */
  children?: ReactNode;
  onDone: () => void;
}) {
  return (
    <Stack>
      <Alert color="yellow" title="Copy it now">
        {notice}
      </Alert>
      {children}
      <Code block aria-label={label}>
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Copied' : copyLabel}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>I have stored it</Button>
      </Group>
    </Stack>
  );
}
