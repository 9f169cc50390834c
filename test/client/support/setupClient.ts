/** jsdom set-up for the component tests: jest-dom matchers and the browser APIs jsdom lacks but Radix uses. */
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

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
// longer than the library's 1 s default.
configure({ asyncUtilTimeout: 4000 });
