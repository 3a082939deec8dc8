import { useState } from 'react';
import { Alert, Anchor, Code, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import type { IntegrationToken } from '@ovation/shared/schemas/integrations';
import {
  useIntegrationTokens,
  useLeaversSettings,
  useRevokeIntegrationToken,
  useRotateIntegrationToken,
} from '../../api/integrations.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { describeError } from '../../lib/api-error.ts';
import { useMessageBox } from '../../lib/message-box.tsx';
import { toast } from '../../lib/toast.ts';
import { LeaversForm } from './components/leavers-form.tsx';
import { NewTokenForm } from './components/new-token-form.tsx';
import { liveFirst } from './components/scopes.ts';
import { SecretPanel, type ShownSecret } from './components/secret-panel.tsx';
import { TokensTable } from './components/tokens-table.tsx';

const TOKENS_ID = 'integration-tokens';
const TOKENS_TITLE_ID = 'integration-tokens-title';
const focusTokens = () => document.getElementById(TOKENS_ID)?.focus({ preventScroll: true });

/**
 * /integrations — integration tokens for the directory and for scripts (report administrators;
 * decision 0110), and what happens to a leaver's points (decision 0111).
 */
export default function IntegrationsPage() {
  const tokens = useIntegrationTokens();
  const leavers = useLeaversSettings();
  const rotate = useRotateIntegrationToken();
  const revoke = useRevokeIntegrationToken();
  const messageBox = useMessageBox();
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const busyId = rotate.isPending ? rotate.variables : revoke.isPending ? revoke.variables : null;

  const onRotate = (token: IntegrationToken) =>
    messageBox.show({
      title: `Rotate ${token.name}?`,
      msg: 'It gets a new secret, with the same name, scopes and last day. The old secret stops working at once: whatever uses it needs the new one.',
      isShowCancel: true,
      okText: 'Rotate',
      cancelText: 'Keep it',
      callback: (ok) => {
        if (!ok) return;
        rotate.mutate(token.id, {
          onSuccess: (issued) => {
            rotate.reset(); // the secret goes to the panel only
            setShown({ issued, how: 'rotated' });
          },
          onError: (error) => toast.error(describeError(error).body),
        });
      },
    });

  const onRevoke = (token: IntegrationToken) =>
    messageBox.show({
      title: `Revoke ${token.name}?`,
      msg: 'Calls with it are refused from now on. This cannot be undone: make a new token to connect again.',
      isShowCancel: true,
      okText: 'Revoke',
      cancelText: 'Keep it',
      callback: (ok) => {
        if (!ok) return;
        revoke.mutate(token.id, {
          onSuccess: () => toast.success(`${token.name} is revoked.`),
          onError: (error) => toast.error(describeError(error).body),
          // Its buttons go with the change: the keyboard goes to the list.
          onSettled: focusTokens,
        });
      },
    });

  const onDone = () => {
    setShown(null);
    focusTokens();
  };

  return (
    <>
      <PageTitle title="Integrations" />
      <Stack gap="lg" maw={1100}>
        <Text c="gray.7">
          Tokens let other systems reach Ovation without a person signing in. Your directory (such as Entra ID or Okta)
          provisions members over SCIM at <Code>/scim/v2</Code> using a token with the <Code>scim</Code> scope. A script
          calls the API with <Code>api:read</Code> or <Code>api:write</Code>, acting as the administrator who made the
          token, with what they may do at the time of each call.
        </Text>
        <Text c="gray.7">
          Each change your directory makes, and each call refused, is in the{' '}
          {/* In a line of text: underlined, not told apart by its colour alone (axe link-in-text-block). */}
          <Anchor component={Link} to="/reportprovisioning" underline="always">
            Provisioning Log
          </Anchor>
          .
        </Text>
        {shown && <SecretPanel shown={shown} onDone={onDone} />}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="new-token">
          <Title order={2} size="h4" mb="md" id="new-token">
            New token
          </Title>
          <NewTokenForm onIssued={(issued) => setShown({ issued, how: 'made' })} />
        </Paper>
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
          component="section"
          aria-labelledby={TOKENS_TITLE_ID}
          id={TOKENS_ID}
          tabIndex={-1}
        >
          <Title order={2} size="h4" mb="md" id={TOKENS_TITLE_ID}>
            Tokens
          </Title>
          {tokens.isPending ? (
            <Loader aria-label="Loading the tokens" />
          ) : tokens.isError ? (
            <Alert color="red" variant="light" title="The tokens could not be loaded">
              {describeError(tokens.error).body}
            </Alert>
          ) : tokens.data.tokens.length === 0 ? (
            <Text c="gray.7">No token yet. A token you make appears here, with when it was last used.</Text>
          ) : (
            <TokensTable
              tokens={liveFirst(tokens.data.tokens)}
              labelledBy={TOKENS_TITLE_ID}
              phone={phone}
              onRotate={onRotate}
              onRevoke={onRevoke}
              busyId={busyId ?? null}
            />
          )}
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="leavers">
          <Title order={2} size="h4" mb="md" id="leavers">
            When a member leaves
          </Title>
          {leavers.isPending ? (
            <Loader aria-label="Loading the setting" />
          ) : leavers.isError ? (
            <Alert color="red" variant="light" title="The setting could not be loaded">
              {describeError(leavers.error).body}
            </Alert>
          ) : (
            <LeaversForm initial={leavers.data} />
          )}
        </Paper>
      </Stack>
    </>
  );
}
