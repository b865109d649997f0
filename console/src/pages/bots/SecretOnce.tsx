import { Code, Text } from '@mantine/core';
import { SecretOnce } from '../../ui/SecretOnce.tsx';

/** A bot's secret, shown once with the id it goes with. */
export function BotSecretOnce({ secret, botId, onDone }: { secret: string; botId: string; onDone: () => void }) {
  return (
    <SecretOnce
      secret={secret}
      label="The bot's secret"
      copyLabel="Copy secret"
      notice="This is the only time the secret is shown; only a hash of it is kept. The bot exchanges its id (or name) and this secret for a one-hour token at POST /api/bots/identify."
      onDone={onDone}
    >
      <Text size="sm">
        Bot id: <Code>{botId}</Code>
      </Text>
    </SecretOnce>
  );
}
