import { useEffect, useRef } from 'react';

/**
 * The console's keyboard shortcuts: one document listener per caller, checked against a short
 * list. A single-key shortcut never fires while the member types (a field, a select's search, an
 * editable area) or while a dialog has the focus; a Ctrl/⌘ one (`mod`) fires while typing too.
 * It does not know about other callers: keys must not overlap (the help dialog lists them all).
 */
export interface Shortcut {
  /** `KeyboardEvent.key`: 'j', '/', '?', 'ArrowDown'. Letters match either case. */
  key: string;
  /** Ctrl on Windows and Linux, ⌘ on a Mac. */
  mod?: boolean;
  alt?: boolean;
  /** false: not for this page after all (the key is left to the browser and other listeners). */
  run: () => void | boolean;
}

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', 'date', 'datetime-local', 'month', 'time', 'week']);

/** Whether the key goes into something the member is typing in. */
export function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUTS.has(target.type);
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'searchbox';
}

const inDialog = (target: EventTarget | null) => target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null;

export function matches(e: KeyboardEvent, s: Shortcut): boolean {
  const mod = e.ctrlKey || e.metaKey;
  if (Boolean(s.mod) !== mod || Boolean(s.alt) !== e.altKey) return false;
  return s.key.length === 1 ? e.key.toLowerCase() === s.key.toLowerCase() : e.key === s.key;
}

export function useShortcuts(shortcuts: readonly Shortcut[], enabled = true): void {
  // The latest list without adding the listener again on every render.
  const current = useRef(shortcuts);
  useEffect(() => {
    current.current = shortcuts;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.repeat) return;
      const hit = current.current.find((s) => matches(e, s));
      if (!hit || inDialog(e.target)) return;
      if (!hit.mod && isTypingIn(e.target)) return;
      if (hit.run() !== false) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/** Ctrl or ⌘, as this computer's keyboard says it. */
export const modKeyName = (): string => (typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl');

/** The page's search box (a list's filter bar has one): '/' puts the cursor there. */
/** Navigation state asking the next page to put the cursor in its search box once it shows. */
export const FOCUS_SEARCH = { focusSearch: true } as const;

export const pageSearchBox = (): HTMLInputElement | null => document.querySelector<HTMLInputElement>('main input[type="search"]');
