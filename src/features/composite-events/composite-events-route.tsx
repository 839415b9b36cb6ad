import { Title } from '@mantine/core';
import { Outlet } from 'react-router-dom';

// Foundation scaffold: replaced by the feature's own page.
export function Component() {
  return (
    <>
      <Title order={2}>composite-events-route</Title>
      <Outlet />
    </>
  );
}
