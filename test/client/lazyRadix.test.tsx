/**
 * Menus and dialogs before their code (Radix) has arrived: the first download leaves it out and the
 * page loads it when idle. A person who opens a menu or a dialog sooner sees it open once it arrives.
 * (test/client/support/setupClient.ts preloads Radix for every other component test, not for the lazyRadix files.)
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazyModule } from '../../src/client/shell/lazyModule';
import { Menu, MenuEntry } from '../../src/client/shell/Menu';
import { radix } from '../../src/client/shell/radixModule';

describe('menus and dialogs whose code loads on demand', () => {
  it('opens a menu clicked before its code arrived, and runs the chosen entry', async () => {
    expect(radix.current()).toBeNull();
    const chosen = jest.fn();
    const user = userEvent.setup();
    render(
      <Menu label="Help" trigger="?">
        <MenuEntry onSelect={chosen}>Documentation</MenuEntry>
      </Menu>,
    );
    const button = screen.getByRole('button', { name: 'Help' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Documentation' }));
    expect(chosen).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // Once loaded, the same button is Radix's trigger and opens the menu again.
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByRole('menuitem', { name: 'Documentation' })).toBeInTheDocument();
  });

  it('tries again while its code fails to arrive, and gives it to the menu that asked', async () => {
    const loader = jest.fn<Promise<string>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('loaded');
    const module = lazyModule(loader, [0.01]);
    await expect(module.load()).resolves.toBe('loaded');
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('asks again for code that failed to arrive after its last try (offline, a new version deployed)', async () => {
    const loader = jest.fn<Promise<string>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('loaded');
    const module = lazyModule(loader, []);
    const listener = jest.fn();
    module.subscribe(listener);
    await expect(module.load()).rejects.toThrow('offline');
    expect(module.current()).toBeNull();
    await expect(module.load()).resolves.toBe('loaded');
    await module.load();
    expect(module.current()).toBe('loaded');
    expect(loader).toHaveBeenCalledTimes(2);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
