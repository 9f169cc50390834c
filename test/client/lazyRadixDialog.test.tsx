/** A dialog opened before its code (Radix) arrived shows once it has (see lazyRadix.test.tsx). */
import { render, screen } from '@testing-library/react';
import { Modal } from '../../src/client/shell/Modal';
import { radix } from '../../src/client/shell/radixModule';

it('shows a dialog opened before its code arrived', async () => {
  expect(radix.current()).toBeNull();
  render(
    <Modal open title="Sign in again" actions={<button type="button">OK</button>}>
      Your session has ended.
    </Modal>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
  expect(dialog).toHaveTextContent('Your session has ended.');
  expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
});
