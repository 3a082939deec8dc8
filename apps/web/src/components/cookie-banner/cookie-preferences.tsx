import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { cookieConsent, useCookieConsent } from './cookie-consent.ts';

/**
 * Mandatory (always on) and Functional (Home's data kept in the tab) choices; advertising is kept
 * but not offered.
 * Its own chunk: mounted only while open, so the draft starts from the saved policy.
 */
export default function CookiePreferences() {
  const { policy } = useCookieConsent();
  return (
    <Modal opened onClose={cookieConsent.closePreferences} title="Cookie Preferences" centered zIndex={9500}>
      <PreferencesForm functional={policy.functional} />
    </Modal>
  );
}

function PreferencesForm({ functional }: { functional: boolean }) {
  const [draft, setDraft] = useState(functional);
  return (
    <Stack gap="md">
      <Checkbox
        checked
        disabled
        label="Mandatory"
        description="Needed to sign in, keep your session secure and remember this choice."
      />
      <Checkbox
        checked={draft}
        onChange={(e) => setDraft(e.currentTarget.checked)}
        label="Functional"
        description="Keep your Home page's data in this browser tab for five minutes, so Home opens at once when you come back."
      />
      <Text size="xs" c="dimmed">
        You can change these choices at any time with Manage Privacy at the bottom of every page.
      </Text>
      <Group justify="space-between">
        <Anchor component="button" type="button" size="sm" onClick={cookieConsent.reset}>
          Reset
        </Anchor>
        <Button onClick={() => cookieConsent.accept(draft)}>ACCEPT</Button>
      </Group>
    </Stack>
  );
}
