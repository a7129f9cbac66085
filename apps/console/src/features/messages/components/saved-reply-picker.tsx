import { type Language, type SavedReply } from '@simshop/contract';
import { Empty, Modal, Segmented, Select, Typography, type RefSelectProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavedReplies } from '../api/saved-replies';

export const LANGUAGE_CHOICES: { value: Language; labelKey: string }[] = [
  { value: 'en', labelKey: 'messages.saved.lang.en' },
  { value: 'zh-Hans', labelKey: 'messages.saved.lang.zh' },
];

const matches = (r: SavedReply, text: string) => {
  const q = text.trim().toLowerCase();
  return q === '' || r.title.toLowerCase().includes(q) || r.content.toLowerCase().includes(q);
};

/**
 * Chooses a saved reply to insert into the answer, from the keyboard: the search box has the
 * focus and its list is open, typing filters by title or text, arrows move, Enter inserts.
 * Replies in the customer's language first; the other language is one switch away.
 */
export function SavedReplyPicker({ open, onClose, onPick, afterClose, customerLanguage }: { open: boolean; onClose: () => void; onPick: (content: string) => void; afterClose: () => void; customerLanguage: Language | undefined }) {
  const { t, i18n } = useTranslation();
  const preferred: Language = customerLanguage ?? (i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en');
  const [language, setLanguage] = useState<Language>(preferred);
  const [search, setSearch] = useState('');
  // Whether the search's list is open. The select closes it a task after the Esc that asked, so
  // an Esc already sent to the list is remembered too: a quick second Esc still closes the picker.
  const [listOpen, setListOpen] = useState(true);
  const listClosing = useRef(false);
  const searchBox = useRef<RefSelectProps>(null);
  // Each (re)mount of the search opens its list.
  const showLanguage = (next: Language) => {
    setLanguage(next);
    setListOpen(true);
    listClosing.current = false;
  };
  // Each time it opens: the customer's language first (the console's while theirs is not known yet).
  useEffect(() => {
    if (open) showLanguage(preferred);
  }, [open, preferred]);
  const query = useSavedReplies(open);
  const replies = (query.data?.items ?? []).filter((r) => r.language === language);
  return (
    // The reply box has the focus again once the picker has gone, whatever opened it: that is where the answer is written.
    // The dialog takes the focus once it has opened (at once when motion is reduced): the search has it back then.
    <Modal open={open} title={t('messages.saved.pick.title')} footer={null} onCancel={onClose} afterClose={afterClose} afterOpenChange={(opened) => opened && searchBox.current?.focus()} focusTriggerAfterClose={false} destroyOnHidden width={560}>
      <Segmented<Language>
        value={language}
        onChange={showLanguage}
        options={LANGUAGE_CHOICES.map((c) => ({ value: c.value, label: t(c.labelKey) }))}
        style={{ marginBottom: 12 }}
        aria-label={t('messages.saved.lang')}
      />
      <Select<number>
        key={language}
        ref={searchBox}
        autoFocus
        defaultOpen
        onOpenChange={(next) => {
          setListOpen(next);
          if (next) listClosing.current = false;
        }}
        // The select keeps Esc to itself: the first closes its list, the next one closes the picker.
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          if (!listOpen || listClosing.current) onClose();
          else listClosing.current = true;
        }}
        showSearch={{ searchValue: search, onSearch: setSearch, filterOption: false }}
        loading={query.isPending}
        style={{ width: '100%' }}
        placeholder={t('messages.saved.pick.search')}
        aria-label={t('messages.saved.pick.search')}
        notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(replies.length === 0 ? 'messages.saved.none' : 'messages.saved.no-match')} />}
        options={replies.filter((r) => matches(r, search)).map((r) => ({ value: r.id, label: r.title, content: r.content }))}
        optionRender={(o) => (
          <div>
            <div>{o.label}</div>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 480, display: 'block' }}>
              {o.data.content}
            </Typography.Text>
          </div>
        )}
        onSelect={(id: number) => {
          const picked = replies.find((r) => r.id === id);
          if (picked) onPick(picked.content);
        }}
        data-testid="saved-reply-search"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
        {t('messages.saved.pick.help')}
      </Typography.Paragraph>
    </Modal>
  );
}
