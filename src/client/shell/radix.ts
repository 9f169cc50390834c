/**
 * Radix's dialog and dropdown menu, a chunk of their own (about 30 KB gzipped with their floating-ui,
 * focus and scroll-lock helpers): nothing is open at the first render, so they load when the page is
 * idle or when a person opens a menu or dialog first (`radix` in radixModule.ts).
 */
export * as Dialog from '@radix-ui/react-dialog';
export * as DropdownMenu from '@radix-ui/react-dropdown-menu';
