/** A file's size as a person reads it (spec 000 §9: Bytes, KB, MB... by powers of 1000, one decimal). */
import { useIntl } from '../../i18n/IntlContext';
import { useT } from '../../i18n/useT';
import { fileSize } from '../fields/fileSize';

export function useFileSizeText(): (bytes: number) => string {
  const intl = useIntl();
  const t = useT();
  return (bytes) => {
    const { size, unit } = fileSize(bytes);
    return t('app.att.size', { size: intl.formatNumber(size, { maximumFractionDigits: 1 }), unit });
  };
}
