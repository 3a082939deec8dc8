import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { ROLE_NAMES, type RoleName } from '@ovation/shared/capabilities';
import type { RoleHolder } from '@ovation/shared/schemas/admin-roles';
import { ROLE_LABELS } from './role-labels.ts';

/** A report administrator sets one member's roles and report-admin flag. */
export function RoleEditor({
  member,
  saving,
  onSave,
  onClose,
}: {
  member: RoleHolder;
  saving: boolean;
  onSave: (grant: { roles: RoleName[]; isAdminReports: boolean }) => void;
  onClose: () => void;
}) {
  const [roles, setRoles] = useState<string[]>(member.roles.filter((r) => ROLE_NAMES.includes(r as RoleName)));
  const [admin, setAdmin] = useState(member.isAdminReports);
  return (
    <Modal opened onClose={onClose} title={`Roles of ${member.name}`} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {member.employeeNumber}
          {member.email ? ` · ${member.email}` : ''}
        </Text>
        <Checkbox.Group label="Roles" value={roles} onChange={setRoles}>
          <Stack gap="xs" mt="xs">
            {ROLE_NAMES.map((r) => (
              <Checkbox key={r} value={r} label={`${r} — ${ROLE_LABELS[r]}`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch
          checked={admin}
          onChange={(e) => setAdmin(e.currentTarget.checked)}
          label="Report administrator (isAdminReports): all reports, news, uploads and roles"
        />
        <Text size="sm" c="dimmed">
          The member sees the new menu the next time the portal loads their session.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={saving} onClick={() => onSave({ roles: roles as RoleName[], isAdminReports: admin })}>
            SAVE ROLES
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
