import { List } from 'antd-mobile';
import { TOOLS, type ToolDef } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { useLanguage, useTranslation } from '@/i18n';
import { useToolList } from '../api/tool-list';
import { ToolIcon } from '../tool-icon';
import '../tools.css';
import { ListRow } from '@/components/list-row';

const byId = new Map<string, ToolDef>(TOOLS.filter((tool) => tool.enabled).map((tool) => [tool.id, tool]));

/** The tools page (`/pages/tools/index`): the tools the owner shows, in the owner's order. */
export function ToolsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const list = useToolList();
  const tools = (list.data?.items ?? []).map((item) => byId.get(item.id)).filter((tool): tool is ToolDef => tool !== undefined);

  return (
    <PageLayout title={t('route.tools')}>
      <p className="tool-intro">{t('tools.intro')}</p>
      <QueryState query={list} rows={4} isEmpty={() => tools.length === 0} empty={<EmptyState description={t('tools.empty')} />}>
        {() => (
          <List className="card card--list tool-list" aria-label={t('route.tools')}>
            {tools.map((tool) => (
              <ListRow key={tool.id} prefix={<ToolIcon name={tool.icon} />} to={tool.route} arrowIcon>
                {lang === 'zh-Hans' ? tool.name.zh : tool.name.en}
              </ListRow>
            ))}
          </List>
        )}
      </QueryState>
    </PageLayout>
  );
}
