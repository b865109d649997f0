import { Alert, Button, FileButton, Group, List, Modal, Progress, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFiles, IconFolder } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deploySite, type Deployed } from '../../api/sites.ts';
import { ErrorAlert, fieldErrors } from '../../ui/errors.tsx';
import { formatBytes, readSiteFiles, sitePaths, type Chosen } from './read-files.ts';

type Stage = { kind: 'choosing' } | { kind: 'reading'; read: number } | { kind: 'sending' } | { kind: 'done'; deployed: Deployed };

/** Deploys files chosen in the browser (or a whole folder) as the new live version of a site. */
export function DeployModal({ subdomain: fixed, onClose }: { subdomain?: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  const [subdomain, setSubdomain] = useState(fixed ?? '');
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [stage, setStage] = useState<Stage>({ kind: 'choosing' });
  const [error, setError] = useState<unknown>(null);
  const total = chosen.reduce((n, c) => n + c.file.size, 0);
  const busy = stage.kind === 'reading' || stage.kind === 'sending';

  const deploy = async () => {
    setError(null);
    try {
      setStage({ kind: 'reading', read: 0 });
      const files = await readSiteFiles(chosen, (read) => setStage({ kind: 'reading', read }));
      setStage({ kind: 'sending' });
      const deployed = await deploySite(subdomain.trim(), files);
      setStage({ kind: 'done', deployed });
      await queryClient.invalidateQueries({ queryKey: ['sites'] });
    } catch (e) {
      setError(e);
      setStage({ kind: 'choosing' });
    }
  };
  const errors = fieldErrors(error);
  const badFiles = chosen.map((c, i) => errors[`files.${i}.path`] && `${c.path}: ${errors[`files.${i}.path`]}`).filter(Boolean);

  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={fixed ? `Deploy a new version of ${fixed}` : 'Deploy a static site'}
      size="lg"
      fullScreen={phone}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
    >
      {stage.kind === 'done' ? (
        <Stack>
          <Alert color="green" title={`Version ${stage.deployed.version} is live`}>
            {stage.deployed.fileCount} file(s), {formatBytes(stage.deployed.totalBytes)}; {stage.deployed.newFiles} new since earlier
            versions.
          </Alert>
          <Text size="sm">
            Served at <a href={stage.deployed.url}>{stage.deployed.url}</a>
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void deploy();
          }}
        >
          <Stack>
            <TextInput
              label="Subdomain"
              description="3–63 lowercase letters, digits and single hyphens; the site is served at <subdomain>.<sites domain>"
              required
              disabled={!!fixed || busy}
              value={subdomain}
              onChange={(e) => setSubdomain(e.currentTarget.value)}
              error={errors.subdomain}
              data-autofocus
            />
            <Group>
              <FileButton onChange={(files) => setChosen(sitePaths(files))} multiple>
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconFiles size={16} aria-hidden />} disabled={busy}>
                    Choose files
                  </Button>
                )}
              </FileButton>
              <FileButton
                onChange={(files) => setChosen(sitePaths(files))}
                multiple
                inputProps={{ webkitdirectory: '', 'aria-label': 'Choose a folder' } as object}
              >
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconFolder size={16} aria-hidden />} disabled={busy}>
                    Choose a folder
                  </Button>
                )}
              </FileButton>
            </Group>
            {chosen.length > 0 && (
              <div>
                <Text size="sm" fw={500}>
                  {chosen.length} file(s), {formatBytes(total)}
                </Text>
                <ScrollArea.Autosize mah={180}>
                  <List size="sm" aria-label="Files to deploy">
                    {chosen.map((c) => (
                      <List.Item key={c.path}>
                        <code>{c.path}</code> ({formatBytes(c.file.size)})
                      </List.Item>
                    ))}
                  </List>
                </ScrollArea.Autosize>
              </div>
            )}
            {busy && (
              <Stack gap={4}>
                <Progress
                  value={stage.kind === 'reading' ? (total ? (stage.read / total) * 100 : 100) : 100}
                  animated
                  aria-label={stage.kind === 'reading' ? 'Reading the files' : 'Sending the files'}
                />
                <Text size="sm" role="status">
                  {stage.kind === 'reading'
                    ? `Reading files: ${formatBytes(stage.read)} of ${formatBytes(total)}…`
                    : `Sending ${chosen.length} file(s) to the service and publishing them…`}
                </Text>
              </Stack>
            )}
            <ErrorAlert error={error} />
            {badFiles.length > 0 && (
              <List size="sm" c="red.8">
                {badFiles.map((b) => (
                  <List.Item key={b}>{b}</List.Item>
                ))}
              </List>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} disabled={chosen.length === 0}>
                Deploy {chosen.length || ''} file(s)
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
