import { createGlobalStyle } from 'styled-components';

/**
 * The root font size follows the viewport (16px at 1920x1080, 32px at 3840x2160) and every size
 * below is in rem, so a 4K video wall shows the same layout as a 1080p screen, only sharper.
 */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html {
    font-size: clamp(14px, min(100vw / 120, 100vh / 67.5), 40px);
    -webkit-text-size-adjust: 100%;
  }
  html, body {
    margin: 0;
    min-height: 100%;
    background: ${({ theme }) => theme.bg};
    color: ${({ theme }) => theme.text};
    color-scheme: ${({ theme }) => theme.mode};
  }
  body {
    font-family: "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC",
      system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    font-size: 1rem;
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
  }
  button, input { font: inherit; }
  ::selection { background: ${({ theme }) => theme.glow}; }
  :focus-visible { outline: 0.125rem solid ${({ theme }) => theme.primary}; outline-offset: 0.125rem; }
`;
