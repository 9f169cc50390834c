/** The columns a CSV export writes: the results table's, with the headings and value labels the person reads. */
import type { CsvExportColumn } from '../../shared/search/csvExportColumn';
import { itemTypes } from '../../shared/itemTypes';
import { useIntl } from '../i18n/IntlContext';
import { useT } from '../i18n/useT';
import { useTypeLabel } from '../items/display/useTypeLabel';
import { resultColumns } from './resultColumns';
import { useAdminColumns } from './useAdminColumns';

const typeNames = (): string[] => itemTypes.all().map((type) => type.name);

/** For results of `itemTypeName`: each table column with its heading, and labels of SEL options, yes/no, types and hidden relations. */
export function useExportColumns(itemTypeName: string | null): () => CsvExportColumn[] {
  const t = useT();
  const intl = useIntl();
  const typeLabel = useTypeLabel();
  const adminColumns = useAdminColumns();
  return () => {
    const type = itemTypeName ? itemTypes.get(itemTypeName) : undefined;
    const option = (value: string) => (`options.${value}` in intl.messages ? t(`options.${value}`) : value);
    return resultColumns(itemTypeName, adminColumns).map(({ key, title }): CsvExportColumn => {
      const def = type && Object.hasOwn(type.properties, key) ? type.properties[key] : undefined;
      const column: CsvExportColumn = { key, title: t(title) };
      if (def?.kind === 'SEL') column.values = Object.fromEntries((def.options ?? []).map((o) => [o, option(o)]));
      else if (def?.kind === 'BOOL') column.values = { true: t('app.field.yes'), false: t('app.field.no') };
      // A related item the reader may not see is named by its type, as on screen.
      else if (def?.kind === 'REL')
        column.values = Object.fromEntries((def.relTypes ?? typeNames()).map((n) => [n, t('app.item.notShown', { type: typeLabel(n) })]));
      else if (!def && key === 'type') column.values = Object.fromEntries(typeNames().map((n) => [n, typeLabel(n)]));
      return column;
    });
  };
}
