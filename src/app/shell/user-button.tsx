import { Button, Text } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';

type UserButtonProps = { username: string; label: string } & ComponentPropsWithoutRef<'button'>;

/** The header's account button: the menu's target, and its stand-in until the menu has loaded. */
export const UserButton = forwardRef<HTMLButtonElement, UserButtonProps>(function UserButton(
  { username, label, ...rest },
  ref,
) {
  return (
    <Button
      ref={ref}
      variant="subtle"
      color="gray"
      size="compact-md"
      h={34}
      leftSection={<IconUserCircle size={18} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-label={label}
      {...rest}
    >
      <Text span size="sm" fw={500} maw={160} truncate="end">
        {username}
      </Text>
    </Button>
  );
});
