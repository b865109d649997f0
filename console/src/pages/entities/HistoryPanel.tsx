import { Text, Timeline } from '@mantine/core';
import type { listEntityChanges } from '../../api/entities.ts';
import { formatDate } from '../../ui/format.ts';

export function HistoryPanel({ history }: { history: Awaited<ReturnType<typeof listEntityChanges>>['history'] }) {
  if (history.length === 0) return <Text c="dimmed">Never published.</Text>;
  const newestFirst = [...history].reverse();
  return (
    <Timeline active={0} bulletSize={18} lineWidth={2}>
      {newestFirst.map((h) => (
        <Timeline.Item key={h.version} title={`Version ${h.version}`}>
          <Text size="sm">{h.message || <em>no message</em>}</Text>
          <Text size="xs" c="dimmed">
            published {formatDate(h.publishedAt)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
