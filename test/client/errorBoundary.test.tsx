import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from '../../src/client/app/ErrorBoundary';
import { UnsupportedPage } from '../../src/client/pages/UnsupportedPage';
import { createAppIntl } from '../../src/client/i18n/createAppIntl';
import { IntlProvider } from '../../src/client/i18n/IntlContext';
import { isPlatformSupported } from '../../src/client/platform/isPlatformSupported';
import { ServerMessageError } from '../../machines/session/sessionErrors';

const intl = createAppIntl('en', {});
const translate = (key: string) => intl.formatMessage({ id: key });

function Thrower({ error }: { error: unknown }): never {
  throw error;
}

describe('error boundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("shows the catalogue's message for a server error", () => {
    render(
      <ErrorBoundary translate={translate}>
        <Thrower error={new ServerMessageError('notAllowed')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('alert')).toHaveTextContent('You may not do this.');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });

  it('shows the general failure for a thrown string', () => {
    render(
      <ErrorBoundary translate={translate}>
        <Thrower error="boom" />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });
});

describe('platform check', () => {
  it('turns away a browser without Promise.withResolvers', () => {
    const old = { withResolvers: undefined } as unknown as PromiseConstructor;
    const current = { withResolvers: () => undefined } as unknown as PromiseConstructor;
    expect(isPlatformSupported(old)).toBe(false);
    expect(isPlatformSupported(current)).toBe(true);
    render(
      <IntlProvider intl={intl}>
        <UnsupportedPage siteName="Treaty 8 Keeper" />
      </IntlProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Platform not supported' })).toBeInTheDocument();
    expect(screen.getByText(/too old for Treaty 8 Keeper/)).toBeInTheDocument();
  });
});
