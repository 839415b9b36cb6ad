import { Kbd, Modal, Table } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

const ROWS = [
  { keys: ['/'], action: 'shortcuts.search' },
  { keys: ['g', 'm'], action: 'shortcuts.goMics' },
  { keys: ['g', 'p'], action: 'shortcuts.goMap' },
  { keys: ['g', 'e'], action: 'shortcuts.goEvents' },
  { keys: ['g', 'c'], action: 'shortcuts.goComposite' },
  { keys: ['?'], action: 'shortcuts.help' },
  { keys: ['Esc'], action: 'shortcuts.close' },
] as const;

/** The list of keyboard shortcuts; loaded on first use so the shell stays light. */
export default function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('shortcuts.title')} size="md">
      <Table>
        <Table.Tbody>
          {ROWS.map(({ keys, action }) => (
            <Table.Tr key={action}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && ` ${t('shortcuts.then')} `}
                    <Kbd>{key}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{t(action)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
