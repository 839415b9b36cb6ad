import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import './locales';

/**
 * A map legend's box: open on a desk or a wall, folded under its title on a phone, where open it
 * covers most of the map. Folded, its entries are drawn only once it is opened: drawn, they were
 * part of the map's first commit (the city profile's longest task) for nobody to see.
 */
export function LegendBox({
  folded,
  className,
  children,
}: {
  folded: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!folded) return <div className={className}>{children}</div>;
  return (
    <details className={className} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('micMap:legend.title')}</summary>
      {open && children}
    </details>
  );
}
