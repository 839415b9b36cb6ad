import { ActionIcon, Menu, Tooltip, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconLanguage, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '@/lib/i18n';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ko: '한국어' };

export function ColorSchemeMenu() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const options: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
    { value: 'light', label: t('header.light'), icon: IconSun },
    { value: 'dark', label: t('header.dark'), icon: IconMoon },
    { value: 'auto', label: t('header.auto'), icon: IconDeviceDesktop },
  ];
  const current = options.find((o) => o.value === colorScheme) ?? options[2]!;
  const CurrentIcon = current.icon;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={`${t('header.colorScheme')}: ${current.label}`}>
          <ActionIcon variant="default" size="lg" aria-label={`${t('header.colorScheme')}: ${current.label}`}>
            <CurrentIcon size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.colorScheme')}</Menu.Label>
        {options.map(({ value, label, icon: Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} aria-hidden />}
            rightSection={value === colorScheme ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => setColorScheme(value)}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('header.language')}>
          <ActionIcon variant="default" size="lg" aria-label={`${t('header.language')}: ${LANGUAGE_NAMES[i18n.language as Language] ?? i18n.language}`}>
            <IconLanguage size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.language')}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            rightSection={language === i18n.language ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => setLanguage(language)}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
