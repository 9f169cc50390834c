/**
 * Tailwind theme. The colours are CSS variables that the shell sets from the site config
 * (spec 000 §9: header, primary, secondary, accent, light and dark sets), so a site can restyle
 * without a rebuild; the defaults below are the spec's light colours.
 */
/** @type {import('tailwindcss').Config} */
module.exports = {
  content: ['./src/client/**/*.{ts,tsx}'],
  darkMode: 'class',
  theme: {
    extend: {
      colors: {
        header: 'var(--kk-header, #424242)',
        primary: 'var(--kk-primary, #1976D2)',
        // Text in the primary colour, darkened so it keeps its contrast on the primary's hover tint too.
        'primary-ink': 'color-mix(in srgb, var(--kk-primary, #1976D2) 85%, black)',
        secondary: 'var(--kk-secondary, #424242)',
        accent: 'var(--kk-accent, #FDD835)',
        surface: 'var(--kk-surface)',
        panel: 'var(--kk-panel)',
        ink: 'var(--kk-ink)',
        muted: 'var(--kk-muted)',
        line: 'var(--kk-line)',
      },
      maxWidth: { dialog: '800px', alertPanel: '432px' },
      width: { drawer: '240px' },
    },
  },
};
