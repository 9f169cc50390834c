export * from './frame';
export * from './session';
export * from './siteConfig';
