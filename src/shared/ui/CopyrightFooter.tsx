import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Footer = styled.footer`
  padding: 1rem 0;
  text-align: center;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.textMuted};
  letter-spacing: 0.03em;
`;

/** The copyright line with the current year (SPEC §1). */
export function CopyrightFooter({ productName }: { productName: string }) {
  const { t } = useTranslation();
  return <Footer>{t('footer.copyright', { year: new Date().getFullYear(), name: productName })}</Footer>;
}
