import { Box, Stack, Text, Title } from '@mantine/core';
import classes from './brand-panel.module.css';

const HIGHLIGHTS = [
  'Recognise colleagues who live the firm’s values',
  'Send a High Five to say thank you',
  'Earn Kudos and turn them into rewards',
];

/** The welcoming half of the login landing; collapses to a short band on phones. */
export function BrandPanel() {
  return (
    <Box className={classes.panel} component="section" aria-label="About Ovation">
      <Stack gap="lg" className={classes.inner}>
        <Text className={classes.wordmark}>Ovation</Text>
        <Title order={2} className={classes.headline}>
          Every thank-you counts.
        </Title>
        <Text className={classes.lead}>Celebrate the people who make the difference, every day.</Text>
        <ul className={classes.highlights}>
          {HIGHLIGHTS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Stack>
    </Box>
  );
}
