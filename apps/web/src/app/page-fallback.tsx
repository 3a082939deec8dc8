import { Center, Loader } from '@mantine/core';

/** While a page's chunk downloads. */
export function PageFallback() {
  return (
    <Center mih="40vh">
      <Loader aria-label="Loading page" />
    </Center>
  );
}
