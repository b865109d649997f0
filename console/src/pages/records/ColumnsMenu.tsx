import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import type { Field } from '../../api/types.ts';

/** Which fields the grid shows, in the entity's order; kept per tenant and entity in this browser. */
export function ColumnsMenu({ fields, columns, onChange }: { fields: Field[]; columns: string[]; onChange: (c: string[]) => void }) {
  return (
    <Popover position="bottom-end" trapFocus withinPortal shadow="md">
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group
          label="Columns shown"
          value={columns}
          onChange={(v) => onChange(fields.map((f) => f.fieldKey).filter((k) => v.includes(k)))}
        >
          <Stack gap={6} mt="xs">
            {fields.map((f) => (
              <Checkbox key={f.fieldKey} value={f.fieldKey} label={f.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
