import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ConsoleRoute } from '@/lib/console-module';
import { isListPath, writeListAddress } from '@/lib/list-memory';
import { CommandPalette } from './command-palette';
import { Keys, ShortcutsHelp } from './shortcuts-help';
import { modKeyName, pageSearchBox, useShortcuts } from './shortcuts';

/**
 * The console's keyboard, mounted once in the header: the button that opens the command palette
 * (for mouse and touch, and to show the key), the palette and the shortcuts help, the shortcuts
 * that work on every page, and the memory of each list's last address that detail pages step
 * through. Page-specific keys (an order's j/k/s) live with their page.
 */
export function KeyboardLayer({ routes }: { routes: readonly ConsoleRoute[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [palette, setPalette] = useState(false);
  const [help, setHelp] = useState(false);

  useEffect(() => {
    if (isListPath(location.pathname)) writeListAddress(location.pathname, location.search);
  }, [location.pathname, location.search]);

  // Sent here by '/' from a detail page: the list's search box takes the cursor once it shows.
  const focusSearch = (location.state as { focusSearch?: boolean } | null)?.focusSearch === true;
  useEffect(() => {
    if (!focusSearch) return;
    const tryFocus = () => {
      const box = pageSearchBox();
      box?.focus();
      return box !== null;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => tryFocus() && observer.disconnect());
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [focusSearch, location.key]);

  useShortcuts([
    { key: 'k', mod: true, run: () => setPalette(true) },
    { key: '?', run: () => setHelp(true) },
    {
      key: '/',
      run: () => {
        const box = pageSearchBox();
        box?.focus();
        return box !== null;
      },
    },
  ]);

  return (
    <>
      <Button icon={<SearchOutlined />} onClick={() => setPalette(true)} aria-keyshortcuts="Control+K Meta+K" style={{ marginInlineEnd: 'auto', minWidth: 220, justifyContent: 'flex-start', color: '#595959' }}>
        <span style={{ flex: 1, textAlign: 'start' }}>{t('keyboard.palette.button')}</span>
        <Keys chords={[[modKeyName(), 'K']]} />
      </Button>
      <CommandPalette open={palette} onClose={() => setPalette(false)} routes={routes} onHelp={() => setHelp(true)} />
      <ShortcutsHelp open={help} onClose={() => setHelp(false)} />
    </>
  );
}
