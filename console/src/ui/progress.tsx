import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';

export interface ProgressState {
  title: string;
  done: number;
  total: number;
  failed: number;
  finished: boolean;
}

/**
 * Long work (exports, imports, bulk changes) as a modal with a progress bar and a Stop button.
 * `run(title, items, worker)` calls `worker` for each item, a few at a time, and answers the
 * failures by item index; Stop lets the calls in flight finish and starts no more.
 */
export function useProgress() {
  const [state, setState] = useState<ProgressState | null>(null);
  const stopped = useRef(false);

  async function run<T>(title: string, items: readonly T[], worker: (item: T, index: number) => Promise<void>, concurrency = 4) {
    stopped.current = false;
    if (items.length === 0) return { failures: [], stopped: false };
    const failures: { index: number; error: unknown }[] = [];
    let done = 0;
    setState({ title, done: 0, total: items.length, failed: 0, finished: false });
    let next = 0;
    const lane = async () => {
      while (!stopped.current && next < items.length) {
        const index = next++;
        try {
          await worker(items[index]!, index);
        } catch (error) {
          failures.push({ index, error });
        }
        done += 1;
        setState({ title, done, total: items.length, failed: failures.length, finished: false });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
    setState({ title, done, total: items.length, failed: failures.length, finished: true });
    return { failures: failures.sort((a, b) => a.index - b.index), stopped: stopped.current };
  }

  const modal = state && (
    <Modal
      opened
      onClose={() => state.finished && setState(null)}
      title={state.title}
      withCloseButton={state.finished}
      closeOnClickOutside={false}
    >
      <Stack>
        <Progress
          value={state.total ? (state.done / state.total) * 100 : 100}
          aria-label={`${state.title}: ${state.done} of ${state.total}`}
          animated={!state.finished}
        />
        <Text size="sm" role="status">
          {state.done} of {state.total} done{state.failed ? `, ${state.failed} failed` : ''}
          {state.finished ? '.' : '…'}
        </Text>
        <Group justify="flex-end">
          {state.finished ? (
            <Button onClick={() => setState(null)}>Done</Button>
          ) : (
            <Button variant="default" onClick={() => (stopped.current = true)}>
              Stop
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
  return { run, modal, busy: state !== null && !state.finished, close: () => setState(null) };
}
