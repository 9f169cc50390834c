import { createMachine } from 'xstate';
import type { ReactNode } from 'react';
import { leaf } from '../src/shared/clean/leaf';

/** A statechart that reaches for React: the boundary refuses the import, even a type-only one. */
export const reactMachine = createMachine({ id: leaf });
export type Rendered = ReactNode;
