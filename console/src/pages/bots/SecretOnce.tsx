import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** A secret the service shows only once: copy it now. */
export function SecretOnce({ secret, botId, onDone }: { secret: string; botId: string; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" title="Copy it now">
        This is the only time the secret is shown; only a hash of it is kept. The bot exchanges its id (or name) and this secret for a
        one-hour token at POST /api/bots/identify.
      </Alert>
      <Text size="sm">
        Bot id: <Code>{botId}</Code>
      </Text>
      <Code block aria-label="The bot's secret">
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>I have stored it</Button>
      </Group>
    </Stack>
  );
}
