/** jsdom set-up for the component tests: jest-dom matchers and the browser APIs jsdom lacks but Radix uses. */
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { radix } from '../../../src/client/shell/radixModule';

Object.assign(globalThis, { TextEncoder, TextDecoder });

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.assign(globalThis, { ResizeObserver: globalThis.ResizeObserver ?? ResizeObserverStub });
// Radix menus call these on pointer events; jsdom has no layout or pointer capture.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;

// The views load their code on demand (React.lazy); on a busy 2-core CI machine the first find can take
// longer than the library's 1 s default (a client test file shares the machine with an e2e file and its browser).
configure({ asyncUtilTimeout: 8000 });

// Menus and dialogs load Radix when the page is idle (src/client/shell/radixModule.ts); the component
// tests open them at once, as a person does once the page has settled; the lazyRadix*.test.tsx files open them before.
if (!/lazyRadix\w*\.test\.tsx$/.test(expect.getState().testPath ?? '')) beforeAll(() => radix.load());
