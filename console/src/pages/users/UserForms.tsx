import { Button, Checkbox, Divider, Group, Modal, PasswordInput, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { listEntities } from '../../api/entities.ts';
import type { Permissions, RecordAction, Role, TenantUser } from '../../api/types.ts';
import { changePassword, createUser, updateUser } from '../../api/users.ts';
import { ROLES } from '../../session/rights.ts';
import { ErrorAlert, fieldErrors, notifyDone } from '../../ui/errors.tsx';
import { textBinder } from '../../ui/bind.ts';
import { FormModal } from '../../ui/FormModal.tsx';

const ACTIONS: RecordAction[] = ['create', 'read', 'update', 'delete'];

export function CreateUser({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ email: '', name: '', password: '', role: 'member' as Role });
  const create = useMutation({
    mutationFn: () => createUser(values),
    onSuccess: async (user) => {
      notifyDone(`User ${user.email} created`);
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      await queryClient.invalidateQueries({ queryKey: ['rights'] });
      onClose();
    },
  });
  const errors = fieldErrors(create.error);
  const bind = textBinder(values, setValues, errors);
  return (
    <FormModal
      title="Add a user"
      onClose={onClose}
      onSubmit={() => create.mutate()}
      submitLabel="Add user"
      busy={create.isPending}
      error={create.error}
    >
      <TextInput label="Email" type="email" required {...bind('email')} data-autofocus />
      <TextInput label="Name" required {...bind('name')} />
      <PasswordInput label="Password" description="At least 8 characters" required {...bind('password')} autoComplete="new-password" />
      <Select
        label="Role"
        allowDeselect={false}
        data={ROLES}
        value={values.role}
        onChange={(v) => v && setValues({ ...values, role: v as Role })}
        error={errors.role}
      />
    </FormModal>
  );
}

/** Per-entity overrides of the role's record actions (`permissions.entities`). */
function EntityOverrides({ permissions, onChange }: { permissions: Permissions; onChange: (p: Permissions) => void }) {
  const entities = useQuery({ queryKey: ['entities', 'all'], queryFn: () => listEntities(true) });
  const overrides = permissions.entities ?? {};
  const set = (entity: string, actions: RecordAction[] | undefined) => {
    const next = { ...overrides };
    if (actions) next[entity] = actions;
    else delete next[entity];
    onChange({ ...permissions, entities: next });
  };
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table aria-label="Record rights per entity">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Entity</Table.Th>
            <Table.Th>Override</Table.Th>
            {ACTIONS.map((a) => (
              <Table.Th key={a}>{a}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(entities.data ?? []).map((e) => {
            const actions = overrides[e.name];
            return (
              <Table.Tr key={e.name}>
                <Table.Td>{e.name}</Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Override the role's rights on ${e.name}`}
                    checked={actions !== undefined}
                    onChange={(ev) => set(e.name, ev.currentTarget.checked ? ['read'] : undefined)}
                  />
                </Table.Td>
                {ACTIONS.map((a) => (
                  <Table.Td key={a}>
                    <Checkbox
                      aria-label={`${a} on ${e.name}`}
                      disabled={actions === undefined}
                      checked={actions?.includes(a) ?? false}
                      onChange={(ev) =>
                        set(e.name, ev.currentTarget.checked ? [...(actions ?? []), a] : (actions ?? []).filter((x) => x !== a))
                      }
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function EditUser({ user, onClose }: { user: TenantUser; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ name: user.name, role: user.role, isActive: user.isActive, permissions: user.permissions });
  const [password, setPassword] = useState('');
  const save = useMutation({
    mutationFn: () => updateUser(user.id, values),
    onSuccess: async () => {
      notifyDone(`User ${user.email} saved`);
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      await queryClient.invalidateQueries({ queryKey: ['rights'] });
      onClose();
    },
  });
  const reset = useMutation({
    mutationFn: () => changePassword(user.id, password),
    onSuccess: (answer) => {
      setPassword('');
      notifyDone(`Password changed; ${answer.sessionsEnded} session(s) ended`);
    },
  });
  const errors = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <Modal opened onClose={onClose} title={`Edit ${user.email}`} size="lg">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Name"
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
            error={errors.name}
          />
          <Select
            label="Role"
            allowDeselect={false}
            data={ROLES}
            value={values.role}
            onChange={(v) => v && setValues({ ...values, role: v as Role })}
            error={errors.role}
          />
          <Switch
            label="Active (inactive users cannot sign in)"
            checked={values.isActive}
            onChange={(e) => setValues({ ...values, isActive: e.currentTarget.checked })}
          />
          <Switch
            label="May manage users"
            checked={values.permissions.canManageUsers === true}
            onChange={(e) => setValues({ ...values, permissions: { ...values.permissions, canManageUsers: e.currentTarget.checked } })}
          />
          <Text size="sm" fw={500}>
            Record rights per entity
          </Text>
          <Text size="xs" c="dimmed">
            An override replaces the role's record actions for that entity (an empty one denies them all).
          </Text>
          <EntityOverrides permissions={values.permissions} onChange={(permissions) => setValues({ ...values, permissions })} />
          <ErrorAlert error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save user
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider my="md" label="Password" labelPosition="left" />
      <Group align="flex-end">
        <PasswordInput
          label="New password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldErrors(reset.error).password}
          autoComplete="new-password"
        />
        <Button variant="light" onClick={() => reset.mutate()} loading={reset.isPending} disabled={!password}>
          Change password
        </Button>
      </Group>
      <ErrorAlert error={reset.error} />
    </Modal>
  );
}
