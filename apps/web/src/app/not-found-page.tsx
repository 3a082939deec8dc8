import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../components/page-title.tsx';

export function NotFoundPage() {
  return (
    <>
      <PageTitle title="Page not found" />
      <Text mb="md">The page you asked for does not exist or has moved.</Text>
      <Anchor component={Link} to="/">
        Go to the home page
      </Anchor>
    </>
  );
}
