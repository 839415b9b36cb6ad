import { ActionIcon, Button, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun, IconSunMoon } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { setLanguage } from '@/lib/i18n';

const NEXT_SCHEME: Record<MantineColorScheme, MantineColorScheme> = { light: 'dark', dark: 'auto', auto: 'light' };
// Sun, moon, and both for "as the system says": a monitor here read as the wall display's icon.
const SCHEME_ICON = { light: IconSun, dark: IconMoon, auto: IconSunMoon };

/** One button cycling light → dark → system; its name says the current scheme and what a press does. */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const name = (scheme: MantineColorScheme) => t(`header.${scheme}`);
  const Icon = SCHEME_ICON[colorScheme];
  const label = t('header.colorSchemeToggle', { current: name(colorScheme), next: name(NEXT_SCHEME[colorScheme]) });
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      data-hint={label}
      onClick={() => setColorScheme(NEXT_SCHEME[colorScheme])}
    >
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );
}

/** Switches between the two UI languages; the button is written in the language it switches to. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'ko' ? 'en' : 'ko';
  return (
    <Button
      variant="default"
      size="compact-md"
      h={34}
      lang={next}
      aria-label={t('header.switchLanguage')}
      data-hint={t('header.switchLanguage')}
      onClick={() => setLanguage(next)}
    >
      {next === 'ko' ? '한국어' : 'English'}
    </Button>
  );
}
